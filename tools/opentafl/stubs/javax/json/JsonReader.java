package javax.json;
public interface JsonReader { JsonObject readObject(); }
