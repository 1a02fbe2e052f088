/** Checks a variant definition before the engine compiles it (rules.md section 6); lists every problem. */
import {
  CornerRules,
  ExitFortRule,
  FortRules,
  Forts,
  HostilityTable,
  KingRules,
  RepetitionRule,
  RulesetDefinition,
  ShieldwallRule,
  SpeedLimits,
  ThroneRules,
  Who,
} from '../engine/definition.js';
import { cornerBlocks, throneCell } from '../engine/compiled-variant.js';
import { cellOf, cellOfName, makeGeometry, squareName } from '../engine/geometry.js';
import { KING } from '../engine/pieces.js';
import { Problem, Result, err, ok } from '../engine/result.js';
import { parseBoardField } from '../engine/tfen.js';
import {
  CORNER_GOALS,
  ESCAPE_RULES,
  HOSTILITIES,
  KING_ARMS,
  KING_CAPTURES,
  NO_LEGAL_MOVE_RULES,
  REPETITION_RESULTS,
  SIDES,
  WHO,
  isOneOf,
} from '../engine/values.js';
import { VariantDefinition, VariantMeta } from './variant-definition.js';
import { checkJumpsAndBerserk } from './validate-jumps.js';
import { checkMercenaryGuardAccess } from './validate-mercenaries.js';

/**
 * Every field of a shape, spelled once; the mapped type makes the compiler refuse a list that misses a
 * field or names one the shape does not have, so the unknown-field check below cannot drift.
 */
function fieldsOf<T>(fields: { [K in keyof Required<T>]: true }): (keyof T & string)[] {
  return Object.keys(fields) as (keyof T & string)[];
}

export const RULESET_FIELDS = fieldsOf<RulesetDefinition>({
  size: true,
  layout: true,
  first: true,
  throne: true,
  corners: true,
  king: true,
  commanders: true,
  linnaeanCapture: true,
  shieldwall: true,
  exitFort: true,
  encirclement: true,
  escape: true,
  repetition: true,
  noLegalMove: true,
  speedLimits: true,
  forts: true,
  jumps: true,
  berserk: true,
});
const FORTS_FIELDS = fieldsOf<Forts>({ attackers: true, defenders: true });
const FORT_FIELDS = fieldsOf<FortRules>({
  squares: true,
  whoMayStop: true,
  whoMayPass: true,
  whoMayEnter: true,
  whoMayLand: true,
  mercenariesAndGuards: true,
  hostileTo: true,
});
const THRONE_FIELDS = fieldsOf<ThroneRules>({
  whoMayStop: true,
  whoMayPass: true,
  kingMayReturn: true,
  whoMayLand: true,
  mercenariesAndGuards: true,
  hostileTo: true,
});
const CORNER_FIELDS = fieldsOf<CornerRules>({
  squares: true,
  blockSize: true,
  goal: true,
  whoMayStop: true,
  whoMayPass: true,
  whoMayLand: true,
  mercenariesAndGuards: true,
  hostileTo: true,
});
const KING_FIELDS = fieldsOf<KingRules>({ armed: true, armedAs: true, capture: true, immuneOnEdge: true, immuneBesideCorner: true });
const SHIELDWALL_FIELDS = fieldsOf<ShieldwallRule>({ cornersMayClose: true, moverMustClose: true, kingAlwaysArmed: true });
const HOSTILITY_FIELDS = fieldsOf<HostilityTable>({ attackers: true, defenders: true, king: true });
const REPETITION_FIELDS = fieldsOf<RepetitionRule>({ occurrences: true, result: true });
const EXIT_FORT_FIELDS = fieldsOf<ExitFortRule>({ minWall: true });
const SPEED_FIELDS = fieldsOf<SpeedLimits>({ attackers: true, defenders: true, king: true });

type Check = (cond: boolean, field: string, code: string, message: string) => void;

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function oneOf(check: Check, value: unknown, allowed: readonly string[], field: string): void {
  check(isOneOf(allowed, value), field, 'BAD_VARIANT_VALUE', `${field} must be one of ${allowed.join(', ')}`);
}

/** A field the engine does not know would otherwise be ignored silently (an old `throne.square`, a typo). */
function knownFields(check: Check, value: unknown, allowed: readonly string[], prefix: string): void {
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    check(allowed.includes(key), field, 'BAD_VARIANT_VALUE', `"${field}" is not a variant parameter`);
  }
}

/**
 * Validates the mechanics of a variant, which may come from a client as JSON, so nothing about their
 * shape is assumed. Missing throne or corners are read as null on a copy; the input is never changed.
 */
export function validateRules(input: unknown): Result<RulesetDefinition> {
  if (!isObject(input)) return err([{ code: 'BAD_VARIANT', message: 'a variant definition must be an object' }]);
  const rules = { ...input } as unknown as RulesetDefinition;
  const errors: Problem[] = [];
  const check: Check = (cond, field, code, message) => {
    if (!cond) errors.push({ code, field, message });
  };

  knownFields(check, input, RULESET_FIELDS, '');
  const sizeOk = Number.isInteger(rules.size) && rules.size >= 5 && rules.size <= 25 && rules.size % 2 === 1;
  check(sizeOk, 'size', 'BAD_VARIANT_SIZE', 'size must be an odd integer from 5 to 25');
  oneOf(check, rules.first, SIDES, 'first');
  oneOf(check, rules.escape, ESCAPE_RULES, 'escape');
  oneOf(check, rules.noLegalMove, NO_LEGAL_MOVE_RULES, 'noLegalMove');
  for (const f of ['commanders', 'linnaeanCapture', 'encirclement'] as const) {
    check(typeof rules[f] === 'boolean', f, 'BAD_VARIANT_VALUE', `${f} must be true or false`);
  }
  const k = isObject(rules.king) ? rules.king : null;
  check(k !== null, 'king', 'BAD_VARIANT_VALUE', 'king rules are required');
  if (k) {
    knownFields(check, k, KING_FIELDS, 'king');
    oneOf(check, k.capture, KING_CAPTURES, 'king.capture');
    oneOf(check, k.armedAs, KING_ARMS, 'king.armedAs');
    for (const f of ['armed', 'immuneOnEdge', 'immuneBesideCorner'] as const) {
      check(typeof k[f] === 'boolean', `king.${f}`, 'BAD_VARIANT_VALUE', `king.${f} must be true or false`);
    }
  }
  for (const f of ['throne', 'corners', 'repetition', 'exitFort', 'shieldwall'] as const) {
    check(rules[f] === null || isObject(rules[f]), f, 'BAD_VARIANT_VALUE', `${f} must be an object or null`);
  }
  if (!isObject(rules.throne)) rules.throne = null;
  if (!isObject(rules.corners)) rules.corners = null;
  if (isObject(rules.repetition)) {
    const r = rules.repetition;
    knownFields(check, r, REPETITION_FIELDS, 'repetition');
    check(
      Number.isInteger(r.occurrences) && r.occurrences >= 2,
      'repetition.occurrences',
      'BAD_VARIANT_VALUE',
      'repetition.occurrences must be an integer of at least 2',
    );
    oneOf(check, r.result, REPETITION_RESULTS, 'repetition.result');
  }
  if (isObject(rules.shieldwall)) {
    knownFields(check, rules.shieldwall, SHIELDWALL_FIELDS, 'shieldwall');
    const sw = { ...rules.shieldwall };
    for (const f of SHIELDWALL_FIELDS) {
      if (f === 'kingAlwaysArmed' && sw.kingAlwaysArmed === undefined) continue; // optional (OTN-9)
      check(typeof sw[f] === 'boolean', `shieldwall.${f}`, 'BAD_VARIANT_VALUE', `shieldwall.${f} must be true or false`);
    }
    // kingAlwaysArmed is kept only where it changes something (true, and a king not armed both ways), so
    // the same rules keep one canonical form and one custom id.
    const fullyArmed = k !== null && k.armed === true && k.armedAs === 'hammer-and-anvil';
    if (sw.kingAlwaysArmed !== true || fullyArmed) delete sw.kingAlwaysArmed;
    rules.shieldwall = sw;
  }
  if (rules.speedLimits !== undefined) {
    const sl = rules.speedLimits as unknown;
    check(isObject(sl), 'speedLimits', 'BAD_VARIANT_VALUE', 'speedLimits must be an object { attackers, defenders, king } when given');
    if (isObject(sl)) {
      knownFields(check, sl, SPEED_FIELDS, 'speedLimits');
      const limits = {} as SpeedLimits;
      for (const f of SPEED_FIELDS) {
        const x = sl[f];
        const good = x === null || (Number.isInteger(x) && (x as number) >= 1);
        check(good, `speedLimits.${f}`, 'BAD_VARIANT_VALUE', `speedLimits.${f} must be null (no limit) or an integer of at least 1`);
        // A limit as long as the board allows changes nothing: null, so the same rules keep one form.
        limits[f] = good && x !== null && (x as number) < (rules.size as number) - 1 ? (x as number) : null;
      }
      // Kept only where some piece is limited: one canonical form and one custom id for unlimited rules.
      if (SPEED_FIELDS.some((f) => limits[f] !== null)) rules.speedLimits = limits;
      else delete rules.speedLimits;
    }
  }
  if (isObject(rules.exitFort)) {
    knownFields(check, rules.exitFort, EXIT_FORT_FIELDS, 'exitFort');
    check(
      Number.isInteger(rules.exitFort.minWall) && rules.exitFort.minWall >= 1,
      'exitFort.minWall',
      'BAD_VARIANT_VALUE',
      'exitFort must be null or { minWall } with minWall at least 1',
    );
  }
  const hostility = (table: unknown, prefix: string): void => {
    knownFields(check, table, HOSTILITY_FIELDS, prefix);
    const t = isObject(table) ? table : {};
    for (const v of HOSTILITY_FIELDS) oneOf(check, t[v], HOSTILITIES, `${prefix}.${v}`);
  };
  if (rules.throne !== null) {
    const t = rules.throne;
    knownFields(check, t, THRONE_FIELDS, 'throne');
    oneOf(check, t.whoMayStop, WHO, 'throne.whoMayStop');
    rules.throne = landing(check, t, 'throne');
    oneOf(check, t.whoMayPass, WHO, 'throne.whoMayPass');
    check(typeof t.kingMayReturn === 'boolean', 'throne.kingMayReturn', 'BAD_VARIANT_VALUE', 'throne.kingMayReturn must be true or false');
    hostility(t.hostileTo, 'throne.hostileTo');
  }
  if (rules.corners !== null) {
    const c = rules.corners;
    knownFields(check, c, CORNER_FIELDS, 'corners');
    check(c.blockSize === 1 || c.blockSize === 2, 'corners.blockSize', 'BAD_VARIANT_VALUE', 'corners.blockSize must be 1 or 2');
    oneOf(check, c.goal, CORNER_GOALS, 'corners.goal');
    oneOf(check, c.whoMayStop, WHO, 'corners.whoMayStop');
    rules.corners = landing(check, c, 'corners');
    oneOf(check, c.whoMayPass, WHO, 'corners.whoMayPass');
    hostility(c.hostileTo, 'corners.hostileTo');
    check(
      Array.isArray(c.squares) && c.squares.length > 0,
      'corners.squares',
      'BAD_VARIANT_VALUE',
      'corners.squares must list at least one corner',
    );
  }
  const forts = checkForts(check, rules, hostility);
  // Corner escape without corners is a game the king cannot escape from (OpenTafl esc:c with cor: empty).
  if (rules.escape === 'corners-then-edge-when-blocked')
    check(rules.corners !== null, 'escape', 'BAD_VARIANT_VALUE', `escape "${rules.escape}" needs corners`);
  if (!sizeOk) return err(errors);

  const n = rules.size;
  const g = makeGeometry(n);
  const layout = typeof rules.layout === 'string' ? parseBoardField(rules.layout, n) : null;
  if (!layout) check(false, 'layout', 'BAD_VARIANT_LAYOUT', 'layout must be a TFEN board field');
  else if (!layout.ok) for (const e of layout.error) errors.push({ ...e, field: 'layout' });

  const throne = rules.throne !== null ? throneCell(g) : -1;
  const cornerCells = new Set<number>();
  if (rules.corners !== null) {
    const c = rules.corners;
    const points = (Array.isArray(c.squares) ? c.squares : []).filter((name, i) => {
      const cell = typeof name === 'string' ? cellOfName(g, name) : -1;
      const f = (cell % g.stride) - 1;
      const r = Math.floor(cell / g.stride) - 1;
      const isCorner = cell >= 0 && (f === 0 || f === n - 1) && (r === 0 || r === n - 1);
      check(isCorner, `corners.squares[${i}]`, 'BAD_VARIANT_SQUARE', `"${name}" is not a corner of a ${n}×${n} board`);
      return isCorner;
    });
    for (const cell of cornerBlocks(g, { squares: points, blockSize: c.blockSize === 2 ? 2 : 1 }).flat()) cornerCells.add(cell);
  }

  for (const [kind, fort] of forts) {
    const seen = new Set<number>();
    fort.squares.forEach((name, i) => {
      const field = `forts.${kind}.squares[${i}]`;
      const cell = typeof name === 'string' ? cellOfName(g, name) : -1;
      if (cell < 0) return check(false, field, 'BAD_VARIANT_SQUARE', `"${name}" is not a square of a ${n}×${n} board`);
      check(!seen.has(cell), field, 'BAD_VARIANT_SQUARE', `${name} is listed twice`);
      check(cell !== throne && !cornerCells.has(cell), field, 'BAD_VARIANT_SQUARE', `${name} is the throne or a corner square`);
      seen.add(cell);
    });
    // One order for the same set of squares, so the same rules keep one custom id.
    fort.squares = [...seen].sort((a, b) => (a % g.stride) - (b % g.stride) || a - b).map((c) => squareName(g, c));
  }
  if (forts.length === 2) {
    const other = new Set(forts[1][1].squares);
    for (const name of forts[0][1].squares)
      check(!other.has(name), 'forts', 'BAD_VARIANT_SQUARE', `${name} cannot be an attacker fort and a defender fort`);
  }

  const onLayout = new Set<number>(layout && layout.ok ? layout.value.cells : []);
  checkJumpsAndBerserk(check, rules, onLayout);
  checkMercenaryGuardAccess(check, rules, onLayout);
  if (layout && layout.ok) {
    let kings = 0;
    layout.value.cells.forEach((p, i) => {
      const cell = cellOf(g, i % n, Math.floor(i / n));
      if (p === KING) kings++;
      if (p !== 0 && p !== KING && (cell === throne || cornerCells.has(cell))) {
        errors.push({ code: 'BAD_VARIANT_LAYOUT', field: 'layout', message: 'only the king may stand on the throne or a corner square' });
      }
    });
    check(kings === 1, 'layout', 'BAD_VARIANT_LAYOUT', `the layout must hold exactly one king, found ${kings}`);
  }
  return errors.length ? err(errors) : ok(rules);
}

type HostilityCheck = (table: unknown, prefix: string) => void;

/**
 * `whoMayLand` (OTN-12) checked, and kept only where it differs from `whoMayStop`: one canonical form
 * and one custom id for the same rules. Answers a copy of the square's rules.
 */
function landing<T extends { whoMayStop: Who; whoMayLand?: Who }>(check: Check, square: T, prefix: string): T {
  const { whoMayLand, ...rest } = square;
  if (whoMayLand !== undefined) oneOf(check, whoMayLand, WHO, `${prefix}.whoMayLand`);
  return (whoMayLand === undefined || whoMayLand === square.whoMayStop ? rest : { ...square }) as T;
}

/**
 * The forts (OTN-11) checked in shape; their squares are checked against the board by the caller. Kept
 * only where there is a fort: one canonical form and one custom id for rules without them. Returns the
 * kinds present, each on a copy the caller may order.
 */
function checkForts(check: Check, rules: RulesetDefinition, hostility: HostilityCheck): ['attackers' | 'defenders', FortRules][] {
  if (rules.forts === undefined) {
    delete rules.forts;
    return [];
  }
  const input = rules.forts as unknown;
  check(isObject(input), 'forts', 'BAD_VARIANT_VALUE', 'forts must be an object { attackers, defenders } when given');
  if (!isObject(input)) return [];
  knownFields(check, input, FORTS_FIELDS, 'forts');
  const present: ['attackers' | 'defenders', FortRules][] = [];
  const out: Forts = { attackers: null, defenders: null };
  for (const kind of FORTS_FIELDS) {
    const f = input[kind];
    const prefix = `forts.${kind}`;
    check(f === null || isObject(f), prefix, 'BAD_VARIANT_VALUE', `${prefix} must be an object or null`);
    if (!isObject(f)) continue;
    knownFields(check, f, FORT_FIELDS, prefix);
    for (const w of ['whoMayStop', 'whoMayPass', 'whoMayEnter'] as const) oneOf(check, f[w], WHO, `${prefix}.${w}`);
    hostility(f.hostileTo, `${prefix}.hostileTo`);
    const squares = Array.isArray(f.squares) ? (f.squares as unknown[]) : [];
    check(squares.length > 0, `${prefix}.squares`, 'BAD_VARIANT_VALUE', `${prefix}.squares must list at least one square`);
    const fort = landing(check, { ...(f as unknown as FortRules), squares: squares as string[] }, prefix);
    out[kind] = fort;
    present.push([kind, fort]);
  }
  if (present.length) rules.forts = out;
  else delete rules.forts;
  return present;
}

/** Validates a whole definition: its metadata (what the registry shows) and its rules. */
export function validateDefinition(input: VariantDefinition): Result<VariantDefinition> {
  if (!isObject(input)) return err([{ code: 'BAD_VARIANT', message: 'a variant definition must be an object' }]);
  const meta: Partial<VariantMeta> = isObject(input.meta) ? input.meta : {};
  const errors: Problem[] = [];
  const check: Check = (cond, field, code, message) => {
    if (!cond) errors.push({ code, field, message });
  };
  check(
    typeof meta.id === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(meta.id),
    'id',
    'BAD_VARIANT_ID',
    'id must be lower-case letters, digits and dashes',
  );
  check(typeof meta.name === 'string' && meta.name.length > 0, 'name', 'BAD_VARIANT_VALUE', 'name must be a non-empty string');
  check(typeof meta.description === 'string', 'description', 'BAD_VARIANT_VALUE', 'description must be a string');
  for (const f of ['sources', 'decisions', 'ruleIds'] as const)
    check(Array.isArray(meta[f]), f, 'BAD_VARIANT_VALUE', `${f} must be a list`);
  const rules = validateRules(input.rules);
  if (!rules.ok) errors.push(...rules.error);
  return errors.length || !rules.ok ? err(errors) : ok({ meta: input.meta, rules: rules.value });
}
