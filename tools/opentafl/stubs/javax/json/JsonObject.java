package javax.json;
public interface JsonObject { int getInt(String k); int getInt(String k, int d); String getString(String k); String getString(String k, String d); JsonArray getJsonArray(String k); JsonNumber getJsonNumber(String k); }
