/**
 * OpenTafl rules strings (OTN) read into the engine's definitions. Every key is read the way OpenTafl's
 * engine reads it (docs/otn.md, key by key); a key the engine cannot play is refused by name
 * (UNSUPPORTED_OTN_KEY), an unknown key or value is refused too, and nothing is approximated.
 */
import type {
  CornerRules,
  FortRules,
  Forts,
  HostilityTable,
  JumpRules,
  MercenaryGuardAccess,
  KingRules,
  RepetitionRule,
  RulesetDefinition,
  ThroneRules,
} from '../engine/definition.js';
import { cellOf, cellOfName, fileOf, makeGeometry, rankOf, squareName } from '../engine/geometry.js';
import { Problem, Result, err, ok } from '../engine/result.js';
import { validateRules } from '../variants/validate-definition.js';
import { OTN_KEY_NAMES, OTN_PIECE_SYMBOLS, REFUSED_PIECES, otnKey } from './otn-keys.js';
import { Members, hostilityOf, intersect, members, whoOf } from './otn-piece-sets.js';
import { otgPositionToTfenBoard } from './otg.js';
import { readSpeedLimits } from './otn-speed.js';

export interface OtnVariant {
  /** The `name` key with OpenTafl's underscores read as spaces, or null. */
  name: string | null;
  rules: RulesetDefinition;
}

/** The detail codes of errors[] (the top-level code is BAD_USER_INPUT). */
export const OTN_PROBLEM_CODES = ['UNSUPPORTED_OTN_KEY', 'UNKNOWN_OTN_KEY', 'BAD_OTN_VALUE', 'MISSING_OTN_KEY'] as const;
export type OtnProblemCode = (typeof OTN_PROBLEM_CODES)[number];

/**
 * Splits a rules string as OpenTafl does: entries separated by spaces, the key before the first colon;
 * a repeated key keeps its last value (OpenTafl reads the entries into a map).
 */
export function otnEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const word of text.trim().split(/\s+/)) {
    if (word === '') continue;
    const colon = word.indexOf(':');
    entries.set(colon < 0 ? word : word.slice(0, colon), colon < 0 ? '' : word.slice(colon + 1));
  }
  return entries;
}

class Reader {
  readonly problems: Problem[] = [];
  constructor(private readonly entries: Map<string, string>) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value written, or OpenTafl's default. */
  value(key: string): string {
    return this.entries.get(key) ?? otnKey(key)?.default ?? '';
  }

  problem(code: OtnProblemCode, key: string, message: string): void {
    this.problems.push({ code, field: `otn.${key}`, message: `${key}: ${message}` });
  }

  /** One of `allowed` (letters of a value set), else a problem and `fallback`. */
  choice<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const v = this.value(key);
    if ((allowed as readonly string[]).includes(v)) return v as T;
    this.problem('BAD_OTN_VALUE', key, `"${v}" is not one of ${allowed.join(', ')}`);
    return fallback;
  }

  yes(key: string): boolean {
    return this.choice(key, ['y', 'n'], 'n') === 'y';
  }

  /** OpenTafl's extra pieces on the start board (c, n, m, g, C, N, M, G), set once it is read. */
  extras = '';
  pieces(key: string): Members {
    const v = this.value(key);
    const bad = [...v].filter((c) => !OTN_PIECE_SYMBOLS.includes(c));
    if (bad.length) this.problem('BAD_OTN_VALUE', key, `"${bad.join('')}" is not a piece symbol (${OTN_PIECE_SYMBOLS})`);
    // Commanders and knights take their side's soldiers' part on special squares (OTN-12): a set that
    // treats them otherwise cannot be played, and is refused rather than approximated.
    for (const c of this.extras.replace(/[mgMG]/g, '')) {
      const soldier = c === c.toLowerCase() ? 't' : 'T';
      if (v.includes(c) !== v.includes(soldier))
        this.problem(
          'UNSUPPORTED_OTN_KEY',
          key,
          `"${c}" ${v.includes(c) ? 'is' : 'is not'} in the set but "${soldier}" ${v.includes(soldier) ? 'is' : 'is not'}: commanders and knights are played as their side's soldiers on special squares`,
        );
    }
    return members(v);
  }

  /**
   * The re-entry set of corners or forts (`corre`, `aforre`, `dforre`) as OpenTafl's loader reads it
   * (RulesSerializer.getRulesForString): only when the string has `cenre`, and then an absent one is the
   * empty set; without `cenre` all three keep their default, every piece. The value is checked either way.
   */
  reentry(key: string): Members {
    const written = this.pieces(key);
    if (!this.has('cenre')) return members(otnKey(key)?.default ?? '');
    return this.has(key) ? written : members('');
  }

  /** A feature this engine cannot play, accepted only at `off`. */
  refuse(key: string, off: (v: string) => boolean, why: string): void {
    if (this.has(key) && !off(this.value(key))) this.problem('UNSUPPORTED_OTN_KEY', key, `"${this.value(key)}": ${why}`);
  }
}

/** Parses an OTN rules string into a validated definition, listing every problem. */
export function parseOtn(text: unknown): Result<OtnVariant> {
  if (typeof text !== 'string' || text.trim() === '') {
    return err([{ code: 'BAD_OTN_VALUE', field: 'otn', message: 'otn must be a non-empty OpenTafl rules string' }]);
  }
  const r = new Reader(otnEntries(text));
  for (const key of otnEntries(text).keys()) {
    if (!OTN_KEY_NAMES.includes(key)) r.problem('UNKNOWN_OTN_KEY', key, 'not a key of the OpenTafl notation this service knows');
  }

  const dimText = r.value('dim');
  const size = /^[1-9][0-9]?$/.test(dimText) ? Number(dimText) : NaN;
  if (!r.has('dim')) r.problem('MISSING_OTN_KEY', 'dim', 'the board size must be given');
  else if (Number.isNaN(size)) r.problem('BAD_OTN_VALUE', 'dim', `"${dimText}" is not a board size`);

  const jumpModes = { n: 'none', j: 'jump', c: 'capture', r: 'restricted' } as const;
  const jump = (key: string) => jumpModes[r.choice(key, ['n', 'j', 'c', 'r'], 'n')];
  const jumps: JumpRules = { king: jump('kj'), knights: jump('nj'), commanders: jump('cj'), mercenaries: jump('mj') };
  // OpenTafl reads `gj` but never asks it (Taflman.getJumpMode has no case for guards): guards never jump.
  r.choice('gj', ['n', 'r', 'j', 'c'], 'n');
  const berserk = r.choice('ber', ['n', 'c', 'm'], 'n');

  const layout = Number.isNaN(size) ? null : readLayout(r, size);
  r.extras = [...new Set((r.value('start') + r.value('starti')).replace(/[^cnmgCNMG]/g, ''))].join('');
  const attackerCommanders = /[cn]/.test(r.extras);
  const g = makeGeometry(Number.isNaN(size) ? 7 : size);
  const centre = Number.isNaN(size) ? '' : squareName(g, cellOf(g, (size - 1) / 2, (size - 1) / 2));

  const escape = r.choice('esc', ['c', 'e'], 'c') === 'e' ? 'edge' : 'corners';
  const armed = r.choice('ka', ['y', 'h', 'a', 'n'], 'y');
  const strength = r.choice('ks', ['s', 'y', 'c', 'm', 'w', 'n'], 's');
  const strong = strength === 's' || strength === 'y' || strength === 'c';
  // OpenTafl's strong king is taken by commanders and knights once the attackers have any (OTN-12).
  if (attackerCommanders && strength === 'm')
    r.problem('UNSUPPORTED_OTN_KEY', 'ks', '"m" with attacker commanders or knights: this middleweight king is not played by this engine');
  const king: KingRules = {
    armed: armed !== 'n',
    armedAs: armed === 'h' ? 'hammer' : armed === 'a' ? 'anvil' : 'hammer-and-anvil',
    capture:
      attackerCommanders && strong
        ? 'commanders-2'
        : strength === 's' || strength === 'y' || strength === 'm'
          ? 'strong-4'
          : strength === 'c'
            ? 'graded'
            : 'custodial-2',
    immuneOnEdge: !attackerCommanders && (strength === 's' || strength === 'y'),
    immuneBesideCorner: false,
  };
  const tfr = r.choice('tfr', ['i', 'd', 'w', 'l'], 'd');
  // OpenTafl's engine, not its rules printer: under `w` the side to move after the repetition wins,
  // so the player who made it loses (and under `l` wins); a third occurrence decides.
  // OpenTafl's loader (RulesSerializer.getThreefoldResultForString) has no case for `i` and reads it as
  // `d`, so its engine draws on the third repetition whatever "ignore" says: played as it plays.
  const repetition: RepetitionRule = { occurrences: 3, result: tfr === 'w' ? 'mover-loses' : tfr === 'l' ? 'mover-wins' : 'draw' };
  const sw = r.choice('sw', ['n', 'w', 's'], 'n');
  const moverMustClose = r.yes('swf');

  const draft: RulesetDefinition = {
    size: Number.isNaN(size) ? 0 : size,
    layout: layout ?? '',
    first: r.yes('atkf') ? 'attackers' : 'defenders',
    throne: readThrone(r, g, centre),
    corners: readCorners(r, g),
    king,
    commanders: false,
    linnaeanCapture: r.yes('linc'),
    // OTN-9: OpenTafl's shieldwall code never asks how the king is armed; said only where it matters.
    shieldwall: sw === 'n' ? null : { cornersMayClose: sw === 's', moverMustClose, ...(armed === 'y' ? {} : { kingAlwaysArmed: true }) },
    exitFort: r.yes('efe') ? { minWall: 1 } : null,
    encirclement: r.yes('surf'),
    escape,
    repetition,
    noLegalMove: 'loses',
    speedLimits: readSpeedLimits(r),
    forts: readForts(r, g),
    jumps,
    ...(berserk === 'n' ? {} : { berserk: berserk === 'c' ? 'capture' : 'any-move' }),
  };
  if (r.problems.length) return err(r.problems);
  const checked = validateRules(draft);
  if (!checked.ok) return checked;
  const name = r.value('name');
  return ok({ name: name === '' ? null : name.replace(/_/g, ' '), rules: checked.value });
}

/** The TFEN board field of `start` (rank 1 first) and/or `starti` (the top rank first). */
function readLayout(r: Reader, size: number): string | null {
  if (!r.has('start') && !r.has('starti')) {
    r.problem('MISSING_OTN_KEY', 'start', 'the start position must be given (start or starti)');
    return null;
  }
  const boards: string[] = [];
  for (const key of ['start', 'starti'] as const) {
    if (!r.has(key)) continue;
    const record = r.value(key);
    const refused = [...new Set([...record].filter((c) => REFUSED_PIECES[c]))];
    if (refused.length) {
      for (const c of refused) r.problem('UNSUPPORTED_OTN_KEY', key, `"${c}": ${REFUSED_PIECES[c]}`);
      continue;
    }
    const rows = record.trim().replace(/^\//, '').replace(/\/$/, '').split('/');
    // `starti` lists the ranks from the top, as TFEN does; `start` from rank 1 (OpenTafl's GuardTest
    // plays a `starti` position whose first row is the top rank).
    const fromRankOne = key === 'start' ? rows : [...rows].reverse();
    const board = otgPositionToTfenBoard(`/${fromRankOne.join('/')}/`, size);
    if (!board.ok) r.problem('BAD_OTN_VALUE', key, board.error);
    else boards.push(board.value);
  }
  if (boards.length === 2 && boards[0] !== boards[1]) r.problem('BAD_OTN_VALUE', 'starti', 'start and starti describe different positions');
  return boards[0] ?? null;
}

/** The squares of a `cor:`/`cen:` list, or null for OpenTafl's "default". */
function squares(r: Reader, key: string, g: ReturnType<typeof makeGeometry>): number[] | null {
  const v = r.value(key);
  if (v === 'default') return null;
  const cells: number[] = [];
  for (const name of v.split(',').filter((s) => s !== '')) {
    const cell = cellOfName(g, name);
    if (cell < 0) r.problem('BAD_OTN_VALUE', key, `"${name}" is not a square of a ${g.size}×${g.size} board`);
    else if (!cells.includes(cell)) cells.push(cell);
  }
  return cells;
}

function readThrone(r: Reader, g: ReturnType<typeof makeGeometry>, centre: string): ThroneRules | null {
  const cells = squares(r, 'cen', g);
  const passable = r.pieces('cenp');
  const stoppable = r.pieces('cens');
  const reentry = r.pieces('cenre');
  const occupied = r.pieces('cenh');
  const empty = r.pieces('cenhe');
  if (cells !== null && cells.length === 0) return null;
  if (cells !== null && (cells.length !== 1 || squareName(g, cells[0]) !== centre)) {
    r.problem('UNSUPPORTED_OTN_KEY', 'cen', `this engine's throne is the one centre square ${centre}`);
    return null;
  }
  // OpenTafl: passing needs cenp and re-entry (cenre) unless the piece starts on the throne; stopping
  // needs cenp and cens too. Only the king can start there, so cenre decides whether he may return.
  const pass = intersect(passable, reentry);
  const stopNoReturn = intersect(passable, stoppable);
  const whoMayPass = whoOf(pass);
  let whoMayStop = whoOf(intersect(stopNoReturn, reentry));
  const kingMayReturn = reentry.K || !stopNoReturn.K;
  // Keep the king among those who may stop while naming that he may not return (R-2 THRONE_REENTRY).
  if (stopNoReturn.K && !reentry.K) whoMayStop = whoOf({ ...intersect(stopNoReturn, reentry), K: true });
  // BoardImpl.isSpaceHostileTo: a square holding an unarmed (or hammer-only) king is as hostile to
  // attackers as the square itself (cenh), which the engine's occupied-state hostility already says.
  // A jump needs only cens and cenre (OTN-12): validation keeps whoMayLand only where it differs.
  return {
    whoMayStop,
    whoMayPass,
    kingMayReturn,
    whoMayLand: whoOf(intersect(stoppable, reentry)),
    mercenariesAndGuards: hiredOf(intersect(stopNoReturn, reentry), pass, intersect(stoppable, reentry)),
    hostileTo: hostility(occupied, empty),
  };
}

/**
 * OpenTafl's engine asks whether a square is hostile to a side (attackers: the t entry, defenders: the
 * T entry); the king, a defender, is treated as one. K in a set therefore changes nothing.
 */
function hostility(occupied: Members, empty: Members): HostilityTable {
  const defenders = hostilityOf(occupied.T, empty.T);
  return { attackers: hostilityOf(occupied.t, empty.t), defenders, king: defenders };
}

/**
 * `afor`/`dfor` and their sets (OTN-11), as OpenTafl's GenericRules plays them: passing needs the `…p`
 * set, stopping the `…p` and `…s` sets, and a piece that does not start on a fort of the kind needs
 * the `…re` set as well; hostility is one set for both states, per side like the throne's.
 */
function readForts(r: Reader, g: ReturnType<typeof makeGeometry>): Forts | undefined {
  const read = (key: 'afor' | 'dfor'): FortRules | null => {
    const cells = squares(r, key, g);
    const passable = r.pieces(`${key}p`);
    const stoppable = r.pieces(`${key}s`);
    const entry = r.reentry(`${key}re`);
    const hostile = r.pieces(`${key}h`);
    if (cells === null) r.problem('BAD_OTN_VALUE', key, 'forts have no default squares: list them, or leave the value empty');
    if (cells === null || cells.length === 0) return null;
    const defenders = hostile.T ? 'always' : 'never';
    return {
      squares: cells.map((c) => squareName(g, c)),
      whoMayStop: whoOf(intersect(passable, stoppable)),
      whoMayPass: whoOf(passable),
      whoMayEnter: whoOf(entry),
      whoMayLand: whoOf(stoppable),
      mercenariesAndGuards: { ...hiredOf(intersect(passable, stoppable), passable, stoppable), enter: entry.hired ?? '' },
      hostileTo: { attackers: hostile.t ? 'always' : 'never', defenders, king: defenders },
    };
  };
  let attackers = read('afor');
  const defenders = read('dfor');
  // OpenTafl's loader marks the attacker forts, then the defender forts: a square in both is a defender fort.
  if (attackers && defenders) {
    const squares = attackers.squares.filter((q) => !defenders.squares.includes(q));
    attackers = squares.length ? { ...attackers, squares } : null;
  }
  return attackers || defenders ? { attackers, defenders } : undefined;
}

function readCorners(r: Reader, g: ReturnType<typeof makeGeometry>): CornerRules | null {
  const cells = squares(r, 'cor', g);
  const passable = r.pieces('corp');
  const stoppable = r.pieces('cors');
  const reentry = r.reentry('corre');
  const hostile = r.pieces('corh');
  if (cells !== null && cells.length === 0) return null;
  const n = g.size;
  const points = [cellOf(g, 0, 0), cellOf(g, 0, n - 1), cellOf(g, n - 1, 0), cellOf(g, n - 1, n - 1)];
  const blockOf = (p: number): number[] => {
    const df = fileOf(g, p) === 0 ? 1 : -1;
    const dr = rankOf(g, p) === 0 ? 1 : -1;
    return [p, p + df, p + dr * g.stride, p + df + dr * g.stride];
  };
  let chosen: number[];
  let blockSize: 1 | 2 = 1;
  if (cells === null) chosen = points;
  else if (cells.every((c) => points.includes(c))) chosen = points.filter((p) => cells.includes(p));
  else {
    // 2×2 blocks: every listed square belongs to the full block of a corner point that is listed too.
    chosen = points.filter((p) => blockOf(p).every((c) => cells.includes(c)));
    const covered = chosen.flatMap(blockOf);
    if (chosen.length === 0 || cells.some((c) => !covered.includes(c))) {
      r.problem('UNSUPPORTED_OTN_KEY', 'cor', 'corners must be board corners, or whole 2×2 blocks in the board corners');
      return null;
    }
    blockSize = 2;
  }
  const whoMayPass = whoOf(intersect(passable, reentry));
  const whoMayStop = whoOf(intersect(passable, stoppable, reentry));
  // OpenTafl has one corner set for both states; its corner spaces are all escape squares.
  const defenders = hostile.T ? 'always' : 'never';
  return {
    squares: chosen.map((c) => squareName(g, c)),
    blockSize,
    goal: blockSize === 2 ? 'block' : 'point',
    whoMayStop,
    whoMayPass,
    whoMayLand: whoOf(intersect(stoppable, reentry)),
    mercenariesAndGuards: hiredOf(intersect(passable, stoppable, reentry), intersect(passable, reentry), intersect(stoppable, reentry)),
    hostileTo: { attackers: hostile.t ? 'always' : 'never', defenders, king: defenders },
  };
}

/**
 * The mercenaries and guards among the sets (OTN-12): OpenTafl's movement sets are per kind of piece,
 * so they read like a soldier's; validation keeps only what the variant's pieces make matter.
 */
function hiredOf(stop: Members, pass: Members, land: Members): MercenaryGuardAccess {
  return { stop: stop.hired ?? '', pass: pass.hired ?? '', land: land.hired ?? '' };
}
