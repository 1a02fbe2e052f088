package org.ini4j;
// A small stand-in for ini4j's Wini (not downloadable offline): reads [section] and key=value lines,
// which is all OpenTafl's EngineSpec asks of it.
import java.io.*;
import java.util.*;
public class Wini {
    private final Map<String, Map<String, String>> data = new HashMap<>();
    public Wini(File f) throws IOException {
        String section = "";
        try (BufferedReader r = new BufferedReader(new FileReader(f))) {
            String line;
            while ((line = r.readLine()) != null) {
                line = line.trim();
                if (line.isEmpty() || line.startsWith(";") || line.startsWith("#")) continue;
                if (line.startsWith("[") && line.endsWith("]")) { section = line.substring(1, line.length() - 1).trim(); continue; }
                int eq = line.indexOf('=');
                if (eq < 0) continue;
                data.computeIfAbsent(section, k -> new HashMap<>()).put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
    }
    @SuppressWarnings("unchecked")
    public <T> T get(Object section, Object option, Class<T> clazz) {
        Map<String, String> s = data.get(String.valueOf(section));
        if (s == null) return null;
        String v = s.get(String.valueOf(option));
        if (v == null) return null;
        if (clazz == String.class) return (T) v;
        if (clazz == Integer.class || clazz == int.class) return (T) Integer.valueOf(v);
        if (clazz == Boolean.class || clazz == boolean.class) return (T) Boolean.valueOf(v);
        return (T) v;
    }
    public String put(String section, String option, Object value) { return null; }
    public void store() throws IOException {}
}
