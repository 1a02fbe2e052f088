/**
 * Stored games as OpenTafl game records (.otg): what an imported record says (start position, moves,
 * players, and how it ended when that happened off the board), and the record a stored game exports.
 * The record format itself lives in the records room; this file decides what it means for a stored game.
 */
import { CompiledVariant, GameState, cellOfName } from '../engine';
import { JUMP_CAPTURE } from '../engine/compiled-pieces';
import { EMPTY, FLIPPED, KING, LETTER_OF, SIDE_OF } from '../engine/pieces';
import { ProblemError } from '../http/problem-error';
import { OtgGame, OtgWritePly, otgPositionToTfenBoard, otgRulesString, parseOtg, tfenBoardToOtgPosition, toOtg } from '../records/otg';
import { otnEntries } from '../records/otn-parse';
import { printOtn } from '../records/otn-print';
import type { CatalogEntry } from '../variants';
import { GameEntity } from './entities/game.entity';
import { Side, otherSide } from './game-sides';
import { TimeControl, parseTimeControlTag, timeControlTag } from './clocks/time-control';
import type { ShownTime } from './clocks/clock';
import type { Clocks } from './clocks/clocks-of-game';

/** An ending the moves cannot show: a resignation or an agreed draw, known only from the record's tags. */
export interface OffBoardEnd {
  status: 'finished';
  winner: Side | 'draw';
  reason: 'resigned' | 'draw_agreed';
}

export interface ImportedRecord {
  /** The record's start position as TFEN, or null for the variant's own start. */
  position: string | null;
  /** The canonical TFEN the stored game starts from. */
  startPosition: string;
  /** The main line in the form the engine reads (`f4-f7`). */
  moves: string[];
  players: { attackers: string | null; defenders: string | null };
  tags: Record<string, string>;
  /** Applies only if the moves leave the game ongoing. */
  offBoard: OffBoardEnd | null;
  /** The game's metadata, when the record was exported by this service (its `metadata` tag holds it). */
  metadata: Record<string, unknown> | null;
  /** From the `time-control` tag, when it is in the form this service writes. */
  timeControl: TimeControl | null;
  /** The clocks as of the export (`time-remaining`), when the time control is known. */
  remaining: { attackers: ShownTime; defenders: ShownTime } | null;
}

/** Parses an OpenTafl record; an unreadable one is a 400 BAD_RECORD. */
export function parseGameRecord(record: string): OtgGame {
  const parsed = parseOtg(String(record));
  if (!parsed.ok) {
    const e = parsed.error;
    throw ProblemError.badInput(`the record cannot be read: ${e.reason} (line ${e.line})`, [
      { code: 'BAD_RECORD', field: 'record', message: `${e.reason} (line ${e.line}${e.token ? `, "${e.token}"` : ''})` },
    ]);
  }
  return parsed.value;
}

/** The record's start position as OTN writes it (rank 1 first), from `start` or `starti` (top rank first). */
function startRecord(g: OtgGame): string | null {
  if (!g.rules) return null;
  const entries = otnEntries(g.rules.text);
  const start = entries.get('start');
  if (start) return start;
  const starti = entries.get('starti');
  return starti ? `/${starti.replace(/^\//, '').replace(/\/$/, '').split('/').reverse().join('/')}/` : null;
}

/** Reads an OpenTafl record for `v`; an unreadable record or start position is a 400 BAD_RECORD. */
export function readGameRecord(v: CompiledVariant, g: OtgGame): ImportedRecord {
  let position: string | null = null;
  const start = startRecord(g);
  if (start) {
    const board = otgPositionToTfenBoard(start, v.geo.size);
    if (!board.ok) {
      throw ProblemError.badInput(`the record's start position cannot be read: ${board.error}`, [
        { code: 'BAD_RECORD', field: 'record', message: board.error },
      ]);
    }
    position = `${board.value} ${g.firstSide === 'attackers' ? 'a' : 'd'}`;
  }
  const timeControl = g.tagMap['time-control'] ? parseTimeControlTag(g.tagMap['time-control']) : null;
  return {
    position,
    startPosition: canonicalStart(v, position),
    moves: g.plies.map((p) => p.notation),
    players: { attackers: g.tagMap.attackers ?? null, defenders: g.tagMap.defenders ?? null },
    tags: g.tagMap,
    offBoard: offBoardEnd(g.tagMap, g.resigned),
    metadata: g.tagMap.metadata === undefined ? null : readMetadata(g.tagMap.metadata),
    timeControl,
    remaining: timeControl && g.tagMap['time-remaining'] ? readRemaining(g.tagMap['time-remaining']) : null,
  };
}

/**
 * A game's metadata as a tag: its JSON, with the one character a tag cannot hold (`]`) and the escape
 * character itself percent-encoded, so that any metadata comes back as it was.
 */
function metadataTag(metadata: Record<string, unknown>): string {
  return JSON.stringify(metadata).replace(/[%\]]/g, (c) => (c === '%' ? '%25' : '%5D'));
}

/** The metadata a tag written by metadataTag holds; null for one in another form (a record from elsewhere). */
function readMetadata(tag: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(tag.replace(/%(25|5D)/g, (_, code: string) => (code === '25' ? '%' : ']')));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `time-remaining` as timeTags writes it: "attackers defenders", each `ms` or `ms/periods`; null if not. */
function readRemaining(tag: string): { attackers: ShownTime; defenders: ShownTime } | null {
  const sides = tag
    .trim()
    .split(/\s+/)
    .map((t) => /^(\d+)(?:\/(\d+))?$/.exec(t));
  if (sides.length !== 2 || !sides[0] || !sides[1]) return null;
  const [a, d] = sides.map((m) => ({ ms: Number(m![1]), periods: m![2] === undefined ? null : Number(m![2]) }));
  return { attackers: a, defenders: d };
}

/**
 * Trusts the result tag for the winner of a resignation (a `---` can only be written in the resigning
 * side's slot, so it names the loser when the tag is missing), and the termination tag for a draw.
 */
function offBoardEnd(tags: Record<string, string>, resigned: Side | null): OffBoardEnd | null {
  const byTag = ({ '1': 'attackers', '-1': 'defenders', '0': 'draw' } as Record<string, Side | 'draw'>)[tags.result ?? ''];
  if (resigned || tags.termination === 'resigned') {
    const winner = byTag === 'attackers' || byTag === 'defenders' ? byTag : resigned ? otherSide(resigned) : null;
    return winner ? { status: 'finished', winner, reason: 'resigned' } : null;
  }
  if (tags.termination === 'draw_agreed' && byTag === 'draw') return { status: 'finished', winner: 'draw', reason: 'draw_agreed' };
  return null;
}

/** The TFEN as the engine writes it, so a stored start compares equal however the record spelled it. */
function canonicalStart(v: CompiledVariant, position: string | null): string {
  if (position) {
    const s = GameState.fromTfen(v, position);
    if (s.ok) return s.value.tfen();
  }
  return GameState.start(v).tfen();
}

/**
 * The OpenTafl record of a stored game: tags, its `[rules:...]` with every key written out (the start
 * position and first side being the game's), the turns. A variant OpenTafl's keys cannot say keeps the
 * board, first side and start only, and its `[variant:]` tag, which an import reads first.
 */
export function writeGameRecord(game: GameEntity, state: GameState, entry: CatalogEntry, clocks: Clocks | null): string {
  const v = state.v;
  const [board, sideLetter] = game.startPosition.split(' ');
  const result = game.winner === 'attackers' ? '1' : game.winner === 'defenders' ? '-1' : game.winner === 'draw' ? '0' : '';
  const tags: Record<string, string> = { date: game.createdAt.toISOString().slice(0, 10).replace(/-/g, '.') };
  if (game.players?.attackers) tags.attackers = tagValue(game.players.attackers);
  if (game.players?.defenders) tags.defenders = tagValue(game.players.defenders);
  if (result) tags.result = result;
  if (game.reason) tags.termination = game.reason;
  Object.assign(tags, timeTags(game, clocks));
  if (Object.keys(game.metadata ?? {}).length > 0) tags.metadata = metadataTag(game.metadata);
  tags.variant = v.id;
  tags.compiler = 'tafl-rules-service';
  const full = printOtn({ ...entry.rules, layout: board, first: sideLetter === 'a' ? 'attackers' : 'defenders' }, entry.meta.name);
  const rules =
    full.otn ??
    otgRulesString({
      dim: String(v.geo.size),
      name: v.id,
      atkf: sideLetter === 'a' ? 'y' : 'n',
      start: tfenBoardToOtgPosition(board),
    });
  return toOtg({
    tags,
    rules,
    plies: recordPlies(game, state),
    // `---` can only stand in the resigning side's own slot; the result tag always carries the winner.
    resigned: game.reason === 'resigned' && game.winner === (game.position.slice(-1) === 'a' ? 'defenders' : 'attackers'),
    // Under berserk the side of the last move may still be to move, which places the last move's turn.
    continues: state.plies.length > 0 && state.sideToMove() === state.moverAt(state.plies.length - 1),
  });
}

/**
 * Captured squares in the order OpenTafl lists them (Taflman.moveTo), so that an export lists its move
 * texts: the piece a jump-capturer (a knight) jumped, then the destination's neighbours west, east,
 * south, north (Coord.getAdjacentSpaces); any other capture (edge, shieldwall) after them as the engine
 * sorted them.
 */
function openTaflOrder(to: string, captures: readonly string[], jumpedSquare: string | null): string[] {
  const file = to.charCodeAt(0);
  const rank = Number(to.slice(1));
  const at = (df: number, dr: number) => `${String.fromCharCode(file + df)}${rank + dr}`;
  const order = [jumpedSquare, at(-1, 0), at(1, 0), at(0, -1), at(0, 1)];
  const rankOf = (c: string) => {
    const i = order.indexOf(c);
    return i < 0 ? order.length : i;
  };
  return [...captures].sort((a, b) => rankOf(a) - rankOf(b));
}

/**
 * A piece's letter before a move or a captured square, as OpenTafl writes it: none for a soldier, nor for
 * a guard (DetailedMoveRecord.getTaflmanCharForFlag has no case for guards).
 */
function pieceLetter(code: number): string | null {
  const letter = LETTER_OF[code];
  return letter && !'tTgG'.includes(letter) ? letter : null;
}

/**
 * The plies as OpenTafl records them: the moving piece's letter, `^` for a jump (see `moved`), `=` for
 * a berserker's further move, and the letters of captured commanders and knights. The pieces are read
 * off a copy of the start board the moves are made on, as the state keeps no piece per ply. A captured
 * king is written bare, as before (whether OpenTafl lists him was not checked).
 */
function recordPlies(game: GameEntity, state: GameState): OtgWritePly[] {
  const v = state.v;
  const start = GameState.fromTfen(v, game.startPosition);
  const board = start.ok ? Uint8Array.from(start.value.pos.board) : null;
  const out: OtgWritePly[] = [];
  // The squares of the pieces that have moved: OpenTafl writes `^` for every jump that captures, and for
  // a piece's first move when it jumps an enemy it leaves standing (Taflman.moveTo finds no cached
  // capturing moves for a piece not yet moved, and counts the jumped piece as held between the two
  // squares of the jumper); a moved piece's jump that captures nothing is written `-`.
  const moved = new Set<number>();
  state.plies.forEach((p, ply) => {
    if (p.from === null || p.to === null) return;
    const from = cellOfName(v.geo, p.from);
    const to = cellOfName(v.geo, p.to);
    const moving = board ? board[from] : EMPTY;
    const jumped = board ? board[(from + to) / 2] : EMPTY;
    const firstMove = !moved.has(from);
    moved.delete(from);
    moved.add(to);
    const jumpCapture = state.jumpAt(ply) && v.jumpMode[moving] === JUMP_CAPTURE;
    const captures = openTaflOrder(p.to, p.captures, jumpCapture ? v.names[(from + to) / 2] : null);
    const capturePieces = captures.map((c) => {
      const cell = cellOfName(v.geo, c);
      const code = board ? board[cell] : EMPTY;
      // A captured mercenary stays, on the other side (OTN-12).
      if (board) board[cell] = FLIPPED[code];
      if (FLIPPED[code] === EMPTY) moved.delete(cell);
      return code === KING ? null : pieceLetter(code);
    });
    if (board) {
      board[from] = EMPTY;
      board[to] = moving;
    }
    out.push({
      from: p.from,
      to: p.to,
      captures,
      capturePieces,
      piece: pieceLetter(moving),
      jump: state.jumpAt(ply) && (p.captures.length > 0 || (firstMove && SIDE_OF[jumped] === 1 - SIDE_OF[moving])),
      continued: state.continuedAt(ply),
    });
  });
  return out;
}

/**
 * The time tags of a game with clocks: `time-control` as timeControlTag writes it, `time-remaining` as
 * OpenTafl's "attackers ms, defenders ms" (with byo-yomi periods after a slash), as of the export.
 */
function timeTags(game: GameEntity, clocks: Clocks | null): Record<string, string> {
  if (!game.timeControl || !clocks) return {};
  const side = (ms: number, periods?: number) => (periods === undefined ? String(ms) : `${ms}/${periods}`);
  return {
    'time-control': timeControlTag(game.timeControl),
    'time-remaining': `${side(clocks.attackersMs, clocks.attackersPeriods)} ${side(clocks.defendersMs, clocks.defendersPeriods)}`,
  };
}

/** A tag value ends at `]` and at the line's end. */
function tagValue(s: string): string {
  return s.replace(/[\]\n\r]/g, ' ');
}
