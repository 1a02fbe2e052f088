import com.manywords.softworks.tafl.Log;
import com.manywords.softworks.tafl.command.CommandEngine;
import com.manywords.softworks.tafl.command.CommandResult;
import com.manywords.softworks.tafl.command.player.ExternalEnginePlayer;
import com.manywords.softworks.tafl.command.player.LocalAi;
import com.manywords.softworks.tafl.command.player.Player;
import com.manywords.softworks.tafl.command.player.external.engine.EngineSpec;
import com.manywords.softworks.tafl.command.player.external.engine.ExternalEngineHost;
import com.manywords.softworks.tafl.engine.Game;
import com.manywords.softworks.tafl.engine.GameState;
import com.manywords.softworks.tafl.engine.MoveRecord;
import com.manywords.softworks.tafl.notation.GameSerializer;
import com.manywords.softworks.tafl.notation.RulesSerializer;
import com.manywords.softworks.tafl.rules.Rules;
import com.manywords.softworks.tafl.rules.Side;
import com.manywords.softworks.tafl.rules.Variants;
import com.manywords.softworks.tafl.ui.UiCallback;
import com.manywords.softworks.tafl.ui.lanterna.settings.TerminalSettings;

import java.io.*;
import java.lang.reflect.Field;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

/**
 * Headless match: OpenTafl's CommandEngine drives an ExternalEnginePlayer (our engine, started by OpenTafl's
 * ExternalEngineHost from engines/tafl-engine.ini) against a LocalAi (OpenTafl's AiWorkspace), exactly as the
 * OpenTafl terminal UI wires them, with no clock and TerminalSettings.aiThinkTime seconds for the AI.
 *
 * usage: java Match <uiVariantIndex 1..10 | OpenTafl rules string> <games> <label> [plyCap=200] [aiThinkSeconds=1] [stallSeconds=30]
 * Game i (0-based): our engine plays attackers when i is even, defenders when i is odd.
 */
public class Match {
    static PrintWriter summary;

    public static void main(String[] args) throws Exception {
        boolean byIndex = args[0].matches("[0-9]+");
        int games = Integer.parseInt(args[1]);
        String label = args[2];
        int plyCap = args.length > 3 ? Integer.parseInt(args[3]) : 200;
        int think = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        int stallSec = args.length > 5 ? Integer.parseInt(args[5]) : 30;

        com.manywords.softworks.tafl.rules.Coord.initialize();
        Log.level = Log.Level.NORMAL;
        TerminalSettings.aiThinkTime = think;
        TerminalSettings.analysisEngine = false;

        Rules rules = byIndex ? Variants.hardcodedRules.get(Integer.parseInt(args[0]) - 1) : RulesSerializer.loadRulesRecord(args[0]);
        String desc = byIndex ? Variants.hardcodedDescriptions.get(Integer.parseInt(args[0]) - 1) : "from its rules string";
        summary = new PrintWriter(new FileWriter("logs/" + label + "-summary.txt", true), true);
        say("# " + new Date() + " variant " + desc + " (" + rules.getClass().getName() + ") rules: " + rules.getOTRString(false));
        say("# games " + games + " plyCap " + plyCap + " aiThinkTime " + think + "s stall " + stallSec + "s");

        File ini = new File("engines/tafl-engine.ini");
        if (!EngineSpec.validateEngineFile(ini)) throw new IllegalStateException("engine ini did not validate");
        EngineSpec spec = new EngineSpec(ini);
        say("# engine spec: name=" + spec + " dir=" + spec.directory.getAbsolutePath() + " command=" + spec.command + " args=" + Arrays.toString(spec.arguments));

        int[][] tally = new int[2][4]; // [ours attackers? 0 : 1][win, loss, draw, unfinished]
        for (int i = 0; i < games; i++) {
            boolean oursAttack = (i % 2 == 0);
            String gameId = String.format("%s-g%02d-ours-%s", label, i + 1, oursAttack ? "att" : "def");
            Files.writeString(Paths.get("current-game"), gameId);
            String outcome = playGame(rules, spec, oursAttack, gameId, plyCap, stallSec);
            int k = outcome.startsWith("WIN") ? 0 : outcome.startsWith("LOSS") ? 1 : outcome.startsWith("DRAW") ? 2 : 3;
            tally[oursAttack ? 0 : 1][k]++;
        }
        say("# TALLY " + label + " (our engine): as attackers W/L/D/unfinished = " + tally[0][0] + "/" + tally[0][1] + "/" + tally[0][2] + "/" + tally[0][3]
                + " ; as defenders W/L/D/unfinished = " + tally[1][0] + "/" + tally[1][1] + "/" + tally[1][2] + "/" + tally[1][3]);
        System.exit(0);
    }

    static void say(String s) {
        System.out.println(s);
        summary.println(s);
    }

    static String playGame(Rules rules, EngineSpec spec, boolean oursAttack, String gameId, int plyCap, int stallSec) throws Exception {
        PrintWriter glog = new PrintWriter(new FileWriter("logs/games/" + gameId + ".log"), true);
        Cb cb = new Cb(glog, plyCap);
        Game game = new Game(rules, cb);
        ExternalEnginePlayer ours = new ExternalEnginePlayer() {
            @Override public void resign() {
                cb.resigned = this;
                cb.log("our engine's ExternalEnginePlayer.resign() called");
                super.resign();
            }
        };
        ours.setEngineSpec(spec);
        LocalAi ai = new LocalAi();
        Player attacker = oursAttack ? ours : ai;
        Player defender = oursAttack ? ai : ours;
        long t0 = System.currentTimeMillis();
        CommandEngine ce = new CommandEngine(game, cb, attacker, defender);  // starts our engine via ExternalEngineHost
        cb.ce = ce;
        cb.game = game;
        cb.ours = ours;
        ce.startGame();

        String end = null;
        while (end == null) {
            if (cb.done.await(1, TimeUnit.SECONDS)) { end = cb.endReason; break; }
            long idle = System.currentTimeMillis() - cb.lastActivity;
            if (idle > stallSec * 1000L) {
                end = "STALL (no move for " + idle + " ms, side to move " + (game.getCurrentSide().isAttackingSide() ? "attackers" : "defenders") + ")";
                cb.log("STALL detected; finishing game");
                synchronized (cb) { cb.over = true; }
                ce.finishGameQuietly();
            }
        }
        long ms = System.currentTimeMillis() - t0;
        int victory = game.getCurrentState().checkVictory();
        String result;
        if (cb.abortReason != null) end = cb.abortReason;
        boolean finished = cb.victorySeen && !cb.capReached && cb.abortReason == null && !end.startsWith("STALL");
        if (finished) {
            if (cb.resigned != null) {
                // OpenTafl's notifyResignation: winByResignation(resigningPlayer.isAttackingSide()) -- record who resigned instead
                boolean oursResigned = cb.resigned == ours;
                result = (oursResigned ? "LOSS" : "WIN") + " by resignation of " + (oursResigned ? "our engine" : "OpenTafl AI");
            }
            else if (victory == GameState.DRAW) result = "DRAW";
            else if (victory == GameState.ATTACKER_WIN) result = oursAttack ? "WIN" : "LOSS";
            else if (victory == GameState.DEFENDER_WIN) result = oursAttack ? "LOSS" : "WIN";
            else result = "UNFINISHED (victory code " + victory + ")";
        }
        else result = "UNFINISHED";

        // let OpenTafl tell the engine goodbye, then wait for the process
        ce.shutdown();
        Process p = null;
        try {
            ExternalEngineHost h = ours.getExternalEngineHost();
            Field f = ExternalEngineHost.class.getDeclaredField("mExternalEngine");
            f.setAccessible(true);
            p = (Process) f.get(h);
        } catch (Exception e) { cb.log("reflection for process failed: " + e); }
        String exit = "?";
        if (p != null) {
            if (p.waitFor(5, TimeUnit.SECONDS)) exit = String.valueOf(p.exitValue());
            else { p.destroy(); p.waitFor(3, TimeUnit.SECONDS); exit = "killed after goodbye timeout"; }
        }
        String record = GameSerializer.getGameRecord(game, false);
        Files.writeString(Paths.get("logs/games/" + gameId + ".otg"), record);
        String line = String.format("%s ours=%s result=%s plies=%d victoryCode=%d end=[%s] illegal/refused=%d engineErrors=%d time=%.1fs engineExit=%s",
                gameId, oursAttack ? "attackers" : "defenders", result, cb.plies, victory, end, cb.refused, cb.engineErrors, ms / 1000.0, exit);
        say(line);
        cb.log("RESULT " + line);
        cb.log("RECORD\n" + record);
        glog.close();
        Thread.sleep(500);
        return result;
    }

    static class Cb implements UiCallback {
        final PrintWriter glog;
        final int plyCap;
        final CountDownLatch done = new CountDownLatch(1);
        volatile long lastActivity = System.currentTimeMillis();
        volatile int plies = 0, refused = 0, engineErrors = 0;
        volatile boolean capReached = false, victorySeen = false, over = false;
        volatile String endReason = null, abortReason = null;
        volatile Player resigned = null;
        CommandEngine ce;
        Game game;
        ExternalEnginePlayer ours;
        final long t0 = System.currentTimeMillis();

        Cb(PrintWriter glog, int plyCap) { this.glog = glog; this.plyCap = plyCap; }

        synchronized void log(String s) { glog.printf("%8.3f %s%n", (System.currentTimeMillis() - t0) / 1000.0, s); }

        public void gameStarting() { log("gameStarting"); }
        public void modeChanging(Mode mode, Object o) { log("modeChanging " + mode); }
        public void awaitingMove(Player p, boolean att) {
            lastActivity = System.currentTimeMillis();
            log("awaitingMove " + (att ? "attackers" : "defenders") + " (" + (p == ours ? "our engine" : "OpenTafl AI") + ")");
        }
        public void timeUpdate(boolean a) { }
        public void moveResult(CommandResult r, MoveRecord m) {
            lastActivity = System.currentTimeMillis();
            if (r.result == CommandResult.SUCCESS) {
                log("move ok: " + m);
            } else {
                refused++;
                log("MOVE REFUSED by OpenTafl: " + m + " : " + r.message);
                if (refused >= 5 && abortReason == null) {
                    abortReason = "ABORT after " + refused + " refused moves";
                    over = true;
                    new Thread(() -> { ce.finishGameQuietly(); done.countDown(); }).start();
                }
            }
        }
        public void statusText(String t) { log("status: " + t); }
        public void modalStatus(String title, String t) {
            engineErrors++;
            log("MODAL: " + title + " | " + t);
        }
        public void gameStateAdvanced() {
            plies++;
            lastActivity = System.currentTimeMillis();
            GameState s = game.getCurrentState();
            log("ply " + plies + " " + s.getEnteringMove() + " -> " + s.getOTNPositionString());
            if (plies >= plyCap && !over) {
                int v = s.checkVictory();
                if (v != GameState.ATTACKER_WIN && v != GameState.DEFENDER_WIN && v != GameState.DRAW) {
                    capReached = true;
                    over = true;
                    endReason = "CAP " + plyCap + " plies";
                    log("ply cap reached; finishing game");
                    ce.finishGameQuietly();
                    done.countDown();
                }
            }
        }
        public void victoryForSide(Side side) {
            victorySeen = true;
            log("victoryForSide " + (side == null ? "null (draw)" : side.isAttackingSide() ? "attackers" : "defenders"));
            if (endReason == null) endReason = "victoryForSide " + (side == null ? "draw" : side.isAttackingSide() ? "attackers" : "defenders");
        }
        public void gameFinished() {
            log("gameFinished");
            over = true;
            if (endReason == null) endReason = "gameFinished";
            done.countDown();
        }
        public MoveRecord waitForHumanMoveInput() { return null; }
        public boolean inGame() { return !over; }
    }
}
