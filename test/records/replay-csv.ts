/**
 * Replays every game of an aagenielsen.dk CSV record with a built-in variant and collects the figures
 * the replay tests assert and print. Not a test file itself (shared by the Copenhagen and Brandubh tests).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { GameState, squareName, validateGame } from '../../src/engine';
import { builtInVariant } from '../../src/variants';
import { AagenielsenResult, aagenielsenMoveText, parseAagenielsenCsv } from '../../src/records/aagenielsen-csv';
import { RECORDS_DIR } from '../helpers/shared-data';

export interface PlyProblem {
  /** 1-based line of the game in the CSV file. */
  line: number;
  /** 0-based index of the ply in the game. */
  index: number;
  /** The ply as written in the record (with its captures). */
  written: string;
  /** TFEN of the position before the ply. */
  tfenBefore: string;
}

export interface IllegalPly extends PlyProblem {
  reason: string;
  message: string;
}

export interface CaptureMismatch extends PlyProblem {
  recorded: string[];
  /** Our captures, the king's square (if captured) left out. */
  ours: string[];
  /** Our full capture list, king included (R-1). */
  oursWithKing: string[];
}

export interface CutShort {
  line: number;
  /** Index of the first recorded ply our engine refuses because the game is already over. */
  index: number;
  /** Recorded plies from `index` on that were not played. */
  remaining: number;
  winner: string | null;
  reason: string | null;
  recordedResult: AagenielsenResult;
}

export interface ReplaySummary {
  variant: string;
  games: number;
  parseErrors: { line: number; reason: string }[];
  recordedPlies: number;
  /** Capture marks written in the record (a square written twice counts twice, as the README counts). */
  recordedCaptures: number;
  /** Distinct captured squares per ply, summed. */
  recordedDistinctCaptures: number;
  /** Plies whose capture list names a square twice (compared as sets). */
  pliesWithRepeatedCapture: { line: number; index: number; written: string }[];
  /** Games whose capture-count columns disagree with the capture marks of the sides' plies. */
  countColumnMismatches: { line: number; marks: [number, number]; columns: [number, number] }[];
  pliesPlayed: number;
  fullyReplayed: number;
  cutShort: CutShort[];
  illegal: IllegalPly[];
  captureMismatches: CaptureMismatch[];
  /** King captures our engine made (never written in the record). */
  kingCaptures: number;
  /** recorded result (`+timeout` when the list ends with timeout) → our outcome → games. */
  outcomes: Record<string, Record<string, number>>;
  /** Games where our engine finished the game with a winner that differs from the recorded result. */
  outcomeConflicts: { line: number; recorded: string; ours: string }[];
}

function tfenBefore(variant: string, moves: string[]): string {
  const r = validateGame(builtInVariant(variant)!, { moves });
  if (!r.ok) throw new Error(`cannot rebuild prefix: ${JSON.stringify(r.error)}`);
  return r.value.position;
}

const RESULT_WINNER: Record<string, string | null> = { White: 'defenders', Black: 'attackers', Draw: 'draw', Ongoing: null, '': null };

export function replayCsv(file: string, variant: string, size: number): ReplaySummary {
  const v = builtInVariant(variant);
  if (!v) throw new Error(`no built-in variant ${variant}`);
  const text = readFileSync(join(RECORDS_DIR, file), 'utf8');
  const lines = parseAagenielsenCsv(text, { size });
  const s: ReplaySummary = {
    variant,
    games: lines.length,
    parseErrors: [],
    recordedPlies: 0,
    recordedCaptures: 0,
    recordedDistinctCaptures: 0,
    pliesWithRepeatedCapture: [],
    countColumnMismatches: [],
    pliesPlayed: 0,
    fullyReplayed: 0,
    cutShort: [],
    illegal: [],
    captureMismatches: [],
    kingCaptures: 0,
    outcomes: {},
    outcomeConflicts: [],
  };

  for (const { line, parsed } of lines) {
    if (!parsed.ok) {
      s.parseErrors.push({ line, reason: parsed.error.reason });
      continue;
    }
    const game = parsed.value;
    const marks: [number, number] = [0, 0];
    game.plies.forEach((p, i) => {
      s.recordedPlies++;
      s.recordedCaptures += p.captures.length;
      const distinct = new Set(p.captures).size;
      s.recordedDistinctCaptures += distinct;
      marks[i % 2] += p.captures.length;
      if (distinct !== p.captures.length) s.pliesWithRepeatedCapture.push({ line, index: i, written: writtenPly(p) });
    });
    if (marks[0] !== game.attackerCaptures || marks[1] !== game.defenderCaptures) {
      s.countColumnMismatches.push({ line, marks, columns: [game.attackerCaptures, game.defenderCaptures] });
    }

    const state = GameState.start(v);
    const texts = game.plies.map(aagenielsenMoveText);
    let stopped = false;
    for (let i = 0; i < game.plies.length; i++) {
      const ply = game.plies[i];
      if (state.finished) {
        const o = state.outcomeInfo();
        s.cutShort.push({
          line,
          index: i,
          remaining: game.plies.length - i,
          winner: o.winner,
          reason: o.reason,
          recordedResult: game.result,
        });
        stopped = true;
        break;
      }
      const checked = state.check(texts[i]);
      if (!checked.ok) {
        s.illegal.push({
          line,
          index: i,
          written: writtenPly(ply),
          tfenBefore: state.tfen(),
          reason: checked.error.reason,
          message: checked.error.message,
        });
        stopped = true;
        break;
      }
      const king = state.pos.kingSq >= 0 ? squareName(v.geo, state.pos.kingSq) : null;
      const info = state.play(checked.value);
      s.pliesPlayed++;
      const ours = info.captures.filter((c) => c !== king);
      if (ours.length !== info.captures.length) s.kingCaptures++;
      const recorded = new Set(ply.captures);
      if (ours.length !== recorded.size || ours.some((c) => !recorded.has(c))) {
        s.captureMismatches.push({
          line,
          index: i,
          written: writtenPly(ply),
          tfenBefore: tfenBefore(variant, texts.slice(0, i)),
          recorded: [...recorded].sort(),
          ours: [...ours].sort(),
          oursWithKing: info.captures,
        });
      }
    }
    if (!stopped) s.fullyReplayed++;

    const o = state.outcomeInfo();
    const recordedKey = game.result === '' ? '(empty)' : game.result;
    const key = recordedKey + (game.timeout ? ' +timeout' : '');
    const ourKey = o.status === 'ongoing' ? 'ongoing' : `${o.winner} (${o.reason})`;
    s.outcomes[key] ??= {};
    s.outcomes[key][ourKey] = (s.outcomes[key][ourKey] ?? 0) + 1;
    const recordedWinner = RESULT_WINNER[game.result];
    if (o.status === 'finished' && recordedWinner !== null && recordedWinner !== o.winner) {
      s.outcomeConflicts.push({ line, recorded: key, ours: ourKey });
    }
  }
  return s;
}

function writtenPly(p: { from: string; to: string; captures: string[] }): string {
  return `${p.from}-${p.to}${p.captures.map((c) => `x${c}`).join('')}`;
}

/** A human-readable report of the figures (printed once by each replay test). */
export function formatSummary(file: string, s: ReplaySummary): string {
  const out: string[] = [];
  out.push(`${file} replayed with variant "${s.variant}"`);
  out.push(
    `  games ${s.games}; parse errors ${s.parseErrors.length}; recorded plies ${s.recordedPlies}; recorded capture marks ${s.recordedCaptures} (${s.recordedDistinctCaptures} distinct per ply; ${s.pliesWithRepeatedCapture.length} plies name a square twice)`,
  );
  out.push(`  plies played ${s.pliesPlayed}; our king captures ${s.kingCaptures}`);
  out.push(`  games replayed fully: ${s.fullyReplayed}`);
  const byReason: Record<string, number> = {};
  for (const c of s.cutShort) byReason[`${c.winner} (${c.reason})`] = (byReason[`${c.winner} (${c.reason})`] ?? 0) + 1;
  out.push(`  games cut short by our game end: ${s.cutShort.length} ${JSON.stringify(byReason)}`);
  for (const c of s.cutShort) {
    out.push(
      `    line ${c.line}: over after ply ${c.index} (${c.winner}, ${c.reason}); ${c.remaining} recorded plies not played; recorded result ${c.recordedResult || '(empty)'}`,
    );
  }
  out.push(`  illegal moves not explained by a game end: ${s.illegal.length}`);
  for (const m of s.illegal)
    out.push(`    line ${m.line} ply ${m.index} ${m.written}: ${m.reason} (${m.message}); before: ${m.tfenBefore}`);
  out.push(`  capture mismatches: ${s.captureMismatches.length}`);
  for (const m of s.captureMismatches) {
    out.push(
      `    line ${m.line} ply ${m.index} ${m.written}: recorded [${m.recorded}] ours [${m.ours}] (with king [${m.oursWithKing}]); before: ${m.tfenBefore}`,
    );
  }
  out.push(`  capture-count columns disagreeing with the capture marks: ${s.countColumnMismatches.length}`);
  out.push('  outcome agreement (recorded result → our outcome: games):');
  for (const [rec, row] of Object.entries(s.outcomes).sort()) {
    out.push(
      `    ${rec.padEnd(18)} ${Object.entries(row)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
  }
  out.push(`  games our engine finished with a winner other than the recorded one: ${s.outcomeConflicts.length}`);
  for (const c of s.outcomeConflicts) out.push(`    line ${c.line}: recorded ${c.recorded}, ours ${c.ours}`);
  return out.join('\n');
}
