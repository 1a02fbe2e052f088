/**
 * The codec of OpenTafl's engine protocol (OTEP, `opentafl-engine-protocol.txt` in OpenTafl's
 * repository): one command per line, a word and its arguments. Pure: no processes, no clocks. Both ends
 * use it, the `tafl-engine` CLI (scripts/tafl-engine.ts, the search as an engine) and the service's
 * seat for an external engine (engine-session.ts), so both read and write the same notation: rules as
 * an OTN rules string, positions as OTN position records (rank 1 first, board only), moves in OpenTafl's
 * simple notation `a4-a1` (full OTN move records such as `Ke5-f5xf6` are read too).
 */
import { CompiledVariant, GameState, Result, RulesetDefinition, SideName, compileVariant, err, ok } from '../engine';
import { otgPositionToTfenBoard, parseOtgMove, tfenBoardToOtgPosition } from '../records/otg';
import { parseOtn } from '../records/otn-parse';
import { printOtn } from '../records/otn-print';

/** One protocol line: its command word, the words after it, and the raw text after the word. */
export interface OtepLine {
  command: string;
  args: string[];
  /** Everything after the command word (a `status` or `error` message keeps its spaces). */
  rest: string;
}

/** Splits a line; null for a blank one (the protocol separates commands by newlines only). */
export function parseOtepLine(line: string): OtepLine | null {
  const text = line.trim();
  if (text === '') return null;
  const space = text.search(/\s/);
  const command = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? '' : text.slice(space + 1).trim();
  return { command, args: rest === '' ? [] : rest.split(/\s+/), rest };
}

/** `finish` codes (OTEP section 17). */
export const FINISH_CODES = { exit: 0, draw: 1, attackers: 2, defenders: 3 } as const;

/** `error` codes OpenTafl's side sends for a refused move (OTEP section 15). */
export const ERROR_ILLEGAL_MOVE = 2;

/** Both sides' time left, as the `clock` command carries it; null fields: no such clock. */
export interface OtepClock {
  attackersMs: number;
  defendersMs: number;
  /** Set when that side's main time is spent and the figure is its current overtime period (`*`). */
  attackersOvertime: boolean;
  defendersOvertime: boolean;
  overtimeSeconds: number;
  attackersPeriods: number;
  defendersPeriods: number;
}

export function clockLine(c: OtepClock): string {
  const t = (ms: number, over: boolean) => `${Math.max(0, Math.floor(ms))}${over ? '*' : ''}`;
  return `clock ${t(c.attackersMs, c.attackersOvertime)} ${t(c.defendersMs, c.defendersOvertime)} ${c.overtimeSeconds} ${c.attackersPeriods} ${c.defendersPeriods}`;
}

/** Reads a `clock` command's arguments; null when they are not the five fields (or -1: no clock). */
export function parseClock(args: readonly string[]): OtepClock | null {
  if (args.length < 2) return null;
  const time = (s: string) => {
    const m = /^(-?\d+)(\*?)$/.exec(s);
    return m ? { ms: Number(m[1]), over: m[2] === '*' } : null;
  };
  const a = time(args[0]);
  const d = time(args[1]);
  if (!a || !d || a.ms < 0 || d.ms < 0) return null;
  const n = (i: number) => (args[i] !== undefined && /^\d+$/.test(args[i]) ? Number(args[i]) : 0);
  return {
    attackersMs: a.ms,
    defendersMs: d.ms,
    attackersOvertime: a.over,
    defendersOvertime: d.over,
    overtimeSeconds: n(2),
    attackersPeriods: n(3),
    defendersPeriods: n(4),
  };
}

export function isSideWord(word: string | undefined): word is SideName {
  return word === 'attackers' || word === 'defenders';
}

/** The OTN rules string a `rules` command carries for a definition, or the sentences saying why none can. */
export function rulesOtn(rules: RulesetDefinition, name: string): Result<string, string[]> {
  const printed = printOtn(rules, name);
  return printed.otn !== null ? ok(printed.otn) : err(printed.unsupported);
}

/** A game read from a `rules` command: its compiled variant at the start position. */
export function stateOfRules(otn: string): Result<GameState, string> {
  const parsed = parseOtn(otn);
  if (!parsed.ok) return err(parsed.error.map((p) => p.message).join('; '));
  const v = compileVariant(parsed.value.name ?? 'otn', parsed.value.rules);
  return ok(GameState.start(v));
}

/** The position record (`/3t3/…/`, rank 1 first) of a game's current board. */
export function positionRecord(state: GameState): string {
  return tfenBoardToOtgPosition(state.tfen().split(' ')[0]);
}

/**
 * A game standing at a position record with `side` to move. The record carries no history, so the
 * repetition rule counts from here (OTEP sends no more than the board), and no berserker (OTN-13): OTEP
 * has no command for a piece that must move again, which an engine knows only from the moves it followed
 * (so the service seats no external engine on berserk rules: engine-seat.ts).
 */
export function stateOfPosition(v: CompiledVariant, record: string, side: SideName): Result<GameState, string> {
  const board = otgPositionToTfenBoard(record, v.geo.size);
  if (!board.ok) return board;
  const state = GameState.fromTfen(v, `${board.value} ${side === 'attackers' ? 'a' : 'd'}`);
  return state.ok ? ok(state.value) : err(state.error.map((p) => p.message).join('; '));
}

/** An engine move integer `(from << 10) | to` in simple notation. */
export function simpleMove(v: CompiledVariant, move: number): string {
  return `${v.names[move >> 10]}-${v.names[move & 1023]}`;
}

/**
 * The move a `move` command names, checked against the game: simple (`a4-a1`) or a full OTN move record
 * (its piece letter, captures and status are OpenTafl's account; the engine decides the captures).
 * An error says why the move is not one of the game's legal moves.
 */
/**
 * The moves of an `opponent-move` list not yet on `state`. OpenTafl lists every move since the engine's
 * side last had the turn, so after a capture that lets a berserker move again (OTN-13) the list also
 * holds the engine's own move, already played here: the longest head of the list that is the tail of
 * the state's moves is dropped.
 */
export function movesNotYetPlayed(state: GameState, records: readonly string[]): string[] {
  const size = state.v.geo.size;
  const played = state.plies.map((p) => `${p.from}-${p.to}`);
  const texts = records.map((r) => {
    const m = parseOtgMove(r.trim(), size);
    return m.ok ? `${m.value.from}-${m.value.to}` : null;
  });
  for (let k = Math.min(texts.length, played.length); k > 0; k--) {
    const tail = played.slice(played.length - k);
    if (tail.every((t, i) => texts[i] === t)) return records.slice(k);
  }
  return [...records];
}

export function moveOfRecord(state: GameState, record: string): Result<number, string> {
  const parsed = parseOtgMove(record.trim(), state.v.geo.size);
  if (!parsed.ok) return parsed;
  const checked = state.check(`${parsed.value.from}-${parsed.value.to}`);
  return checked.ok ? ok(checked.value) : err(`${record}: ${checked.error.message}`);
}
