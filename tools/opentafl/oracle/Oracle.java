import com.manywords.softworks.tafl.engine.*;
import com.manywords.softworks.tafl.notation.*;
import com.manywords.softworks.tafl.rules.*;

import java.io.*;
import java.util.*;
import java.util.regex.*;

/**
 * OpenTafl oracle. Reads one request per line on stdin, writes one JSON object per line on stdout.
 * See tools/opentafl/README.md.
 */
public class Oracle {
    static final Pattern COORD = Pattern.compile("([a-s])([0-9]{1,2})");

    public static void main(String[] args) throws Exception {
        // OpenTafl's Log class may print; keep stdout clean for JSON by routing System.out prints from the engine away
        Coord.initialize();
        PrintStream realOut = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        if (args.length > 0 && args[0].equals("--rules-strings")) {
            for (Rules r : Variants.hardcodedRules) {
                realOut.println(r.getClass().getSimpleName() + "\t" + r.getName() + "\t" + RulesSerializer.getRulesRecord(r, false));
            }
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            try {
                realOut.println(handle(line));
            } catch (Throwable t) {
                realOut.println("{\"ok\":false,\"error\":" + js(t.toString()) + "}");
            }
            realOut.flush();
        }
    }

    static String handle(String line) throws Exception {
        String[] f = line.split("\\|", -1);
        String cmd = f[0].trim().toLowerCase();
        switch (cmd) {
            case "rules": {
                StringBuilder sb = new StringBuilder("{\"ok\":true,\"rules\":[");
                for (int i = 0; i < Variants.hardcodedRules.size(); i++) {
                    Rules r = Variants.hardcodedRules.get(i);
                    if (i > 0) sb.append(',');
                    sb.append("{\"index\":").append(i + 1).append(",\"class\":").append(js(r.getClass().getSimpleName()))
                      .append(",\"name\":").append(js(r.getName())).append(",\"otnr\":").append(js(RulesSerializer.getRulesRecord(r, false))).append('}');
                }
                return sb.append("]}").toString();
            }
            case "state": {
                Rules rules = loadRules(f[1].trim());
                String moves = f.length > 2 ? f[2].trim() : "";
                Game g = new Game(rules, null);
                List<String> toks = moves.isEmpty() ? new ArrayList<>() : Arrays.asList(moves.split("[\\s,]+"));
                int lastResult = GameState.GOOD_MOVE;
                for (int i = 0; i < toks.size(); i++) {
                    if (lastResult != GameState.GOOD_MOVE) {
                        return "{\"ok\":false,\"error\":\"game already over before move " + i + "\",\"moveIndex\":" + i + "}";
                    }
                    Coord[] se = parseMove(toks.get(i));
                    GameState cur = g.getCurrentState();
                    OracleProbe.resetCache(g, cur);
                    lastResult = cur.makeMove(new MoveRecord(se[0], se[1]));
                    if (lastResult < GameState.LOWEST_NONERROR_RESULT) {
                        return "{\"ok\":false,\"error\":" + js("illegal move " + toks.get(i) + ": " + GameState.getStringForMoveResult(lastResult) + " (code " + lastResult + ")")
                                + ",\"moveIndex\":" + i + ",\"code\":" + lastResult + "}";
                    }
                }
                return describe(g, lastResult, true);
            }
            case "record": {
                // Same input as "state"; returns OpenTafl's own OTN game record text (GameSerializer.getGameRecord).
                Rules rules = loadRules(f[1].trim());
                String moves = f.length > 2 ? f[2].trim() : "";
                Game g = new Game(rules, null);
                g.setDefaultTags();
                for (String tok : moves.isEmpty() ? new String[0] : moves.split("[\\s,]+")) {
                    Coord[] se = parseMove(tok);
                    OracleProbe.resetCache(g, g.getCurrentState());
                    int r = g.getCurrentState().makeMove(new MoveRecord(se[0], se[1]));
                    if (r < GameState.LOWEST_NONERROR_RESULT) return "{\"ok\":false,\"error\":" + js("illegal move " + tok + " (code " + r + ")") + "}";
                }
                return "{\"ok\":true,\"record\":" + js(GameSerializer.getGameRecord(g, false)) + "}";
            }
            case "random": {
                Rules rules = loadRules(f[1].trim());
                int n = Integer.parseInt(f[2].trim());
                long seed = Long.parseLong(f[3].trim());
                int maxPlies = f.length > 4 && !f[4].trim().isEmpty() ? Integer.parseInt(f[4].trim()) : 400;
                StringBuilder sb = new StringBuilder();
                for (int gi = 0; gi < n; gi++) {
                    if (gi > 0) sb.append('\n');
                    sb.append(randomGame(rules, seed + gi, maxPlies, gi));
                }
                return sb.toString();
            }
            case "diff": {
                Rules hard = loadRules(f[1].trim());
                int n = Integer.parseInt(f[2].trim());
                long seed = Long.parseLong(f[3].trim());
                int maxPlies = f.length > 4 && !f[4].trim().isEmpty() ? Integer.parseInt(f[4].trim()) : 400;
                StringBuilder sb = new StringBuilder();
                for (int gi = 0; gi < n; gi++) {
                    if (gi > 0) sb.append('\n');
                    sb.append(diffGame(hard, seed + gi, maxPlies, gi));
                }
                return sb.toString();
            }
            default:
                return "{\"ok\":false,\"error\":" + js("unknown command " + cmd) + "}";
        }
    }

    static Rules loadRules(String s) throws Exception {
        if (s.startsWith("@")) {
            String key = s.substring(1);
            try {
                return Variants.hardcodedRules.get(Integer.parseInt(key) - 1);
            } catch (NumberFormatException e) {
                for (Rules r : Variants.hardcodedRules) if (r.getClass().getSimpleName().equalsIgnoreCase(key)) return r;
                throw new IllegalArgumentException("unknown builtin " + s);
            }
        }
        return RulesSerializer.loadRulesRecord(s);
    }

    /** Accepts OpenTafl notation (Kd1-d4xe4, c1^c3, e5=e7x..., "c1-c3"), or "c1c3"/"c1 c3"; only start/end squares are used. */
    static Coord[] parseMove(String tok) {
        String t = tok;
        int x = t.indexOf('x');
        if (x > 0) t = t.substring(0, x);
        Matcher m = COORD.matcher(t);
        List<Coord> cs = new ArrayList<>();
        while (m.find()) cs.add(Coord.get(m.group(1) + m.group(2)));
        if (cs.size() != 2) throw new IllegalArgumentException("cannot parse move " + tok);
        return new Coord[]{cs.get(0), cs.get(1)};
    }

    static String resultName(int r) {
        switch (r) {
            case GameState.GOOD_MOVE: return "ongoing";
            case GameState.ATTACKER_WIN: return "attacker_win";
            case GameState.DEFENDER_WIN: return "defender_win";
            case GameState.DRAW: return "draw";
            default: return "code" + r;
        }
    }

    static class Legal implements Comparable<Legal> {
        String from, to, notation; List<String> captures = new ArrayList<>(); boolean jump, berserk, sameSideMovesNext;
        char mover;
        String key() { return from + "-" + to; }
        public int compareTo(Legal o) {
            int c = cmp(Coord.get(from), Coord.get(o.from));
            return c != 0 ? c : cmp(Coord.get(to), Coord.get(o.to));
        }
    }

    /** Sort order: file (a..), then rank (1..) numerically. */
    static int cmp(Coord a, Coord b) {
        String ca = Coord.getChessString(a), cb = Coord.getChessString(b);
        int c = Character.compare(ca.charAt(0), cb.charAt(0));
        if (c != 0) return c;
        return Integer.compare(Integer.parseInt(ca.substring(1)), Integer.parseInt(cb.substring(1)));
    }

    static List<Legal> legalMoves(Game g) {
        GameState s = g.getCurrentState();
        OracleProbe.resetCache(g, s);
        List<char[]> pairs = new ArrayList<>();
        List<Coord> dests = new ArrayList<>();
        char berserker = s.getBerserkingTaflman();
        for (char t : s.getCurrentSide().getTaflmen()) {
            if (berserker != Taflman.EMPTY && t != berserker) continue;
            for (Coord d : new ArrayList<>(Taflman.getAllowableDestinations(s, t))) {
                pairs.add(new char[]{t});
                dests.add(d);
            }
        }
        List<Legal> out = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            char t = pairs.get(i)[0];
            Coord d = dests.get(i);
            OracleProbe.resetCache(g, s);
            Coord start = s.getBoard().findTaflmanSpace(t);
            GameState next = OracleProbe.probe(g, s, t, d);
            if (next.getLastMoveResult() < GameState.LOWEST_NONERROR_RESULT) continue; // not legal per moveTaflman
            Legal l = new Legal();
            l.from = Coord.getChessString(start);
            l.to = Coord.getChessString(d);
            l.mover = t;
            MoveRecord mr = next.getEnteringMove();
            for (Coord c : mr.captures) l.captures.add(Coord.getChessString(c));
            if (mr instanceof DetailedMoveRecord) {
                DetailedMoveRecord dm = (DetailedMoveRecord) mr;
                l.jump = dm.wasJump(); l.berserk = dm.wasBerserk(); l.notation = dm.toString();
            } else l.notation = l.key();
            l.sameSideMovesNext = next.getCurrentSide().isAttackingSide() == s.getCurrentSide().isAttackingSide();
            out.add(l);
        }
        OracleProbe.resetCache(g, s);
        Collections.sort(out);
        return out;
    }

    static String describe(Game g, int lastResult, boolean withMoves) {
        GameState s = g.getCurrentState();
        StringBuilder sb = new StringBuilder("{\"ok\":true");
        sb.append(",\"plies\":").append(g.getHistory().size() - 1);
        sb.append(",\"sideToMove\":").append(js(s.getCurrentSide().isAttackingSide() ? "attackers" : "defenders"));
        char b = s.getBerserkingTaflman();
        sb.append(",\"berserker\":").append(b == Taflman.EMPTY ? "null" : js(Coord.getChessString(s.getBoard().findTaflmanSpace(b))));
        int res = s.checkVictory();
        sb.append(",\"result\":").append(js(resultName(res)));
        sb.append(",\"position\":").append(js(s.getOTNPositionString()));
        sb.append(",\"history\":[");
        List<DetailedMoveRecord> hist = g.getMoveHistory();
        for (int i = 0; i < hist.size(); i++) { if (i > 0) sb.append(','); sb.append(js(hist.get(i).toString())); }
        sb.append(']');
        if (withMoves) {
            List<Legal> lm = legalMoves(g);
            sb.append(",\"noLegalMoves\":").append(lm.isEmpty());
            sb.append(",\"legalMoveCount\":").append(lm.size());
            sb.append(",\"legalMoves\":[");
            for (int i = 0; i < lm.size(); i++) {
                Legal l = lm.get(i);
                if (i > 0) sb.append(',');
                sb.append("{\"move\":").append(js(l.key())).append(",\"notation\":").append(js(l.notation))
                  .append(",\"captures\":").append(jarr(l.captures));
                if (l.jump) sb.append(",\"jump\":true");
                if (l.berserk) sb.append(",\"berserk\":true");
                if (l.sameSideMovesNext) sb.append(",\"sameSideMovesNext\":true");
                sb.append('}');
            }
            sb.append(']');
        }
        return sb.append('}').toString();
    }

    static String randomGame(Rules rules, long seed, int maxPlies, int gi) {
        Random rnd = new Random(seed);
        Game g = new Game(rules, null);
        int res = GameState.GOOD_MOVE;
        StringBuilder plies = new StringBuilder();
        String end = "maxPlies";
        int ply = 0;
        while (true) {
            GameState s = g.getCurrentState();
            res = s.checkVictory();
            if (res != GameState.GOOD_MOVE) { end = "victoryCheck"; break; }
            if (ply >= maxPlies) { end = "maxPlies"; break; }
            List<Legal> lm = legalMoves(g);
            if (lm.isEmpty()) { end = "noLegalMoves"; break; }
            Legal pick = lm.get(rnd.nextInt(lm.size()));
            String side = s.getCurrentSide().isAttackingSide() ? "a" : "d";
            Coord pf = Coord.get(pick.from), pt = Coord.get(pick.to);
            boolean overPiece = false;
            if ((pf.x == pt.x && Math.abs(pf.y - pt.y) == 2) || (pf.y == pt.y && Math.abs(pf.x - pt.x) == 2)) {
                overPiece = s.getBoard().getOccupier((pf.x + pt.x) / 2, (pf.y + pt.y) / 2) != Taflman.EMPTY;
            }
            OracleProbe.resetCache(g, s);
            int r = s.makeMove(new MoveRecord(Coord.get(pick.from), Coord.get(pick.to)));
            if (r < GameState.LOWEST_NONERROR_RESULT) throw new IllegalStateException("oracle-chosen move rejected: " + pick.key() + " code " + r);
            DetailedMoveRecord dm = g.getMoveHistory().get(g.getMoveHistory().size() - 1);
            GameState ns = g.getCurrentState();
            if (ply > 0) plies.append(',');
            List<String> caps = new ArrayList<>();
            for (Coord c : dm.captures) caps.add(Coord.getChessString(c));
            plies.append("{\"side\":").append(js(side)).append(",\"move\":").append(js(pick.key()))
                 .append(",\"notation\":").append(js(dm.toString())).append(",\"captures\":").append(jarr(caps))
                 .append(",\"legalCount\":").append(lm.size());
            if (overPiece) plies.append(",\"overPiece\":true");
            if (ns.getBerserkingTaflman() != Taflman.EMPTY) plies.append(",\"berserkContinues\":true");
            if (r != GameState.GOOD_MOVE) plies.append(",\"result\":").append(js(resultName(r)));
            plies.append('}');
            ply++;
            if (r != GameState.GOOD_MOVE) { res = r; end = "victoryCheck"; break; }
        }
        StringBuilder sb = new StringBuilder("{\"ok\":true,\"game\":").append(gi).append(",\"seed\":").append(seed)
                .append(",\"plies\":").append(ply).append(",\"result\":").append(js(resultName(res)))
                .append(",\"end\":").append(js(end))
                .append(",\"sideToMoveAtEnd\":").append(js(g.getCurrentSide().isAttackingSide() ? "attackers" : "defenders"))
                .append(",\"finalPosition\":").append(js(g.getCurrentState().getOTNPositionString()))
                .append(",\"moves\":[").append(plies).append("]}");
        return sb.toString();
    }

    static Map<String, String> moveMap(List<Legal> lm) {
        Map<String, String> m = new TreeMap<>();
        for (Legal l : lm) {
            List<String> c = new ArrayList<>(l.captures); Collections.sort(c);
            m.put(l.key(), c + (l.sameSideMovesNext ? " sameSide" : "") + (l.jump ? " jump" : ""));
        }
        return m;
    }

    /** Play a random game with the given Rules object (e.g. a hardcoded @N class) and, in lockstep, with the
     *  GenericRules obtained by loading RulesSerializer.getRulesRecord(rules,false); report the first divergence. */
    static String diffGame(Rules hard, long seed, int maxPlies, int gi) throws Exception {
        Rules soft = RulesSerializer.loadRulesRecord(RulesSerializer.getRulesRecord(hard, false));
        Random rnd = new Random(seed);
        Game gh = new Game(hard, null), gsft = new Game(soft, null);
        List<String> hist = new ArrayList<>();
        for (int ply = 0; ply <= maxPlies; ply++) {
            int rh = gh.getCurrentState().checkVictory(), rs = gsft.getCurrentState().checkVictory();
            boolean sideH = gh.getCurrentSide().isAttackingSide(), sideS = gsft.getCurrentSide().isAttackingSide();
            List<Legal> lh = legalMoves(gh), ls = legalMoves(gsft);
            Map<String, String> mh = moveMap(lh), ms = moveMap(ls);
            if (rh != rs || sideH != sideS || !mh.equals(ms)) {
                List<String> diffs = new ArrayList<>();
                Set<String> keys = new TreeSet<>(mh.keySet()); keys.addAll(ms.keySet());
                for (String k : keys) if (!Objects.equals(mh.get(k), ms.get(k))) diffs.add(k + ": hardcoded=" + mh.get(k) + " string=" + ms.get(k));
                return "{\"ok\":true,\"game\":" + gi + ",\"seed\":" + seed + ",\"diverged\":true,\"ply\":" + ply
                        + ",\"resultHard\":" + js(resultName(rh)) + ",\"resultString\":" + js(resultName(rs))
                        + ",\"position\":" + js(gh.getCurrentState().getOTNPositionString())
                        + ",\"history\":" + jarr(hist) + ",\"moveDiffs\":" + jarr(diffs.subList(0, Math.min(20, diffs.size()))) + "}";
            }
            if (rh != GameState.GOOD_MOVE || lh.isEmpty() || ply == maxPlies)
                return "{\"ok\":true,\"game\":" + gi + ",\"seed\":" + seed + ",\"diverged\":false,\"plies\":" + ply + ",\"result\":" + js(resultName(rh)) + "}";
            Legal pick = lh.get(rnd.nextInt(lh.size()));
            OracleProbe.resetCache(gh, gh.getCurrentState());
            gh.getCurrentState().makeMove(new MoveRecord(Coord.get(pick.from), Coord.get(pick.to)));
            OracleProbe.resetCache(gsft, gsft.getCurrentState());
            gsft.getCurrentState().makeMove(new MoveRecord(Coord.get(pick.from), Coord.get(pick.to)));
            hist.add(gh.getMoveHistory().get(gh.getMoveHistory().size() - 1).toString());
        }
        return "{}";
    }

    static String jarr(List<String> l) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < l.size(); i++) { if (i > 0) sb.append(','); sb.append(js(l.get(i))); }
        return sb.append(']').toString();
    }

    static String js(String s) {
        if (s == null) return "null";
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }
}
