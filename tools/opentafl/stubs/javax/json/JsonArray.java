package javax.json;
public interface JsonArray { int size(); JsonObject getJsonObject(int i); }
