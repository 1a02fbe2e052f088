package javax.json;
public interface JsonNumber { long longValue(); }
