package jline.console;
// Stub: jline 2 not available offline. Never used by the oracle.
public class ConsoleReader {
    public static class Term { public boolean isAnsiSupported() { return false; } }
    public ConsoleReader() throws java.io.IOException {}
    public Term getTerminal() { return new Term(); }
    public boolean clearScreen() throws java.io.IOException { return true; }
    public String readLine(String prompt) throws java.io.IOException { return null; }
}
