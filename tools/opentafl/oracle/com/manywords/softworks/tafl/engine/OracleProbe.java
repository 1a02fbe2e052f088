package com.manywords.softworks.tafl.engine;

import com.manywords.softworks.tafl.rules.Taflman;

/** Harness helper: lives in OpenTafl's engine package only to reach protected GameState.moveTaflman. */
public class OracleProbe {
    /**
     * Apply the move to a throwaway copy of the state, exactly as GameState.makeMove does,
     * but with Game.advanceState(..., recordState=false) so the real Game is untouched.
     * Returns the successor state (its getEnteringMove() is the DetailedMoveRecord), or an
     * error-state whose getLastMoveResult() < 0.
     */
    public static GameState probe(Game game, GameState state, char taflman, com.manywords.softworks.tafl.rules.Coord dest) {
        GameState copy = new GameState(state);
        GameState next = copy.moveTaflman(taflman, dest);
        if (next.getLastMoveResult() == GameState.GOOD_MOVE) {
            char berserker = next.getBerserkingTaflman();
            next = game.advanceState(copy, next, berserker == Taflman.EMPTY, berserker, false);
        }
        return next;
    }

    /** Clear OpenTafl's global per-position move cache for this state (probing may leave stale entries under the same hash). */
    public static void resetCache(Game game, GameState state) {
        TaflmanMoveCache.reset(state.getBoard().getBoardDimension(), state.mZobristHash,
                (byte) game.getRules().howManyAttackers(), (byte) game.getRules().howManyDefenders());
    }
}
