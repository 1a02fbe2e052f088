/** Checks a variant definition before the engine compiles it (rules.md section 6); lists every problem. */
import { VariantDefinition } from '../engine/definition';
import { cellOf, cellOfName, makeGeometry } from '../engine/geometry';
import { COMMANDER, KING } from '../engine/pieces';
import { Problem, Result, err, ok } from '../engine/result';
import { parseBoardField } from '../engine/tfen';

const WHO = ['all', 'king', 'nobody'];
const HOSTILITY = ['never', 'empty', 'always'];
const KING_CAPTURE = ['custodial-2', 'strong-4', 'graded', 'throne-4', 'castle-4'];
const ESCAPE = ['corners', 'edge', 'corners-then-edge-when-blocked'];
const NO_LEGAL_MOVE = ['loses', 'pass', 'draw'];
const SIDES = ['attackers', 'defenders'];

type Check = (cond: boolean, field: string, code: string, message: string) => void;

function oneOf(check: Check, value: unknown, allowed: string[], field: string): void {
  check(typeof value === 'string' && allowed.includes(value), field, 'BAD_VARIANT_VALUE', `${field} must be one of ${allowed.join(', ')}`);
}

/**
 * Validates a definition that may come from a client as JSON, so nothing about its shape is assumed.
 * Missing optional objects are read as null on a copy; the input is never changed.
 */
export function validateDefinition(input: VariantDefinition): Result<VariantDefinition> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err([{ code: 'BAD_VARIANT', message: 'a variant definition must be an object' }]);
  }
  const def: VariantDefinition = { ...input };
  const isObject = (x: unknown): boolean => typeof x === 'object' && x !== null && !Array.isArray(x);
  const errors: Problem[] = [];
  const check: Check = (cond, field, code, message) => {
    if (!cond) errors.push({ code, field, message });
  };

  check(typeof def.id === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(def.id), 'id', 'BAD_VARIANT_ID', 'id must be lower-case letters, digits and dashes');
  check(typeof def.name === 'string' && def.name.length > 0, 'name', 'BAD_VARIANT_VALUE', 'name must be a non-empty string');
  const sizeOk = Number.isInteger(def.size) && def.size >= 5 && def.size <= 25 && def.size % 2 === 1;
  check(sizeOk, 'size', 'BAD_VARIANT_SIZE', 'size must be an odd integer from 5 to 25');
  oneOf(check, def.first, SIDES, 'first');
  oneOf(check, def.escape, ESCAPE, 'escape');
  oneOf(check, def.noLegalMove, NO_LEGAL_MOVE, 'noLegalMove');
  for (const f of ['commanders', 'linnaeanCapture', 'shieldwall', 'encirclement'] as const) {
    check(typeof def[f] === 'boolean', f, 'BAD_VARIANT_VALUE', `${f} must be true or false`);
  }
  const k = isObject(def.king) ? def.king : null;
  check(k !== null, 'king', 'BAD_VARIANT_VALUE', 'king rules are required');
  if (k) {
    oneOf(check, k.capture, KING_CAPTURE, 'king.capture');
    for (const f of ['armed', 'immuneOnEdge', 'immuneBesideCorner'] as const) {
      check(typeof k[f] === 'boolean', `king.${f}`, 'BAD_VARIANT_VALUE', `king.${f} must be true or false`);
    }
  }
  for (const f of ['throne', 'corners', 'repetition', 'exitFort'] as const) {
    check(def[f] === null || isObject(def[f]), f, 'BAD_VARIANT_VALUE', `${f} must be an object or null`);
  }
  if (!isObject(def.throne)) (def as { throne: unknown }).throne = null;
  if (!isObject(def.corners)) (def as { corners: unknown }).corners = null;
  check(Array.isArray(def.sources), 'sources', 'BAD_VARIANT_VALUE', 'sources must be a list');
  check(Array.isArray(def.decisions), 'decisions', 'BAD_VARIANT_VALUE', 'decisions must be a list');
  check(Array.isArray(def.ruleIds), 'ruleIds', 'BAD_VARIANT_VALUE', 'ruleIds must be a list');
  if (isObject(def.repetition)) {
    const r = def.repetition!;
    check(Number.isInteger(r.occurrences) && r.occurrences >= 2, 'repetition.occurrences', 'BAD_VARIANT_VALUE', 'repetition.occurrences must be an integer of at least 2');
    oneOf(check, r.result, ['draw', 'mover-loses'], 'repetition.result');
  }
  if (isObject(def.exitFort)) {
    check(
      Number.isInteger(def.exitFort!.minWall) && def.exitFort!.minWall >= 1,
      'exitFort.minWall',
      'BAD_VARIANT_VALUE',
      'exitFort must be null or { minWall } with minWall at least 1',
    );
  }
  if (!sizeOk) return err(errors);

  const g = makeGeometry(def.size);
  const layout = typeof def.layout === 'string' ? parseBoardField(def.layout, def.size) : null;
  if (!layout) check(false, 'layout', 'BAD_VARIANT_LAYOUT', 'layout must be a TFEN board field');
  else if (!layout.ok) for (const e of layout.error) errors.push({ ...e, field: 'layout' });

  let throneCell = -1;
  if (def.throne !== null) {
    const t = def.throne;
    if (t.square !== undefined) {
      throneCell = cellOfName(g, t.square);
      check(throneCell >= 0, 'throne.square', 'BAD_VARIANT_SQUARE', `throne square "${t.square}" is not on a ${def.size}×${def.size} board`);
    } else throneCell = cellOf(g, (def.size - 1) / 2, (def.size - 1) / 2);
    oneOf(check, t.whoMayStop, WHO, 'throne.whoMayStop');
    oneOf(check, t.whoMayPass, WHO, 'throne.whoMayPass');
    check(typeof t.kingMayReturn === 'boolean', 'throne.kingMayReturn', 'BAD_VARIANT_VALUE', 'throne.kingMayReturn must be true or false');
    for (const v of ['attackers', 'defenders', 'king'] as const) oneOf(check, t.hostileTo?.[v], HOSTILITY, `throne.hostileTo.${v}`);
  }
  const cornerCells = new Set<number>();
  if (def.corners !== null) {
    const c = def.corners;
    check(c.blockSize === 1 || c.blockSize === 2, 'corners.blockSize', 'BAD_VARIANT_VALUE', 'corners.blockSize must be 1 or 2');
    check(c.whoMayStop === 'king' && c.whoMayPass === 'king', 'corners', 'BAD_VARIANT_VALUE', 'only the king may stop on or pass corners');
    for (const v of ['attackers', 'defenders', 'king'] as const) oneOf(check, c.hostileTo?.[v], HOSTILITY, `corners.hostileTo.${v}`);
    const n = def.size;
    (Array.isArray(c.squares) ? c.squares : []).forEach((name, i) => {
      const cell = cellOfName(g, name);
      const f = (cell % g.stride) - 1;
      const r = Math.floor(cell / g.stride) - 1;
      const isCorner = cell >= 0 && (f === 0 || f === n - 1) && (r === 0 || r === n - 1);
      check(isCorner, `corners.squares[${i}]`, 'BAD_VARIANT_SQUARE', `"${name}" is not a corner of a ${n}×${n} board`);
      if (isCorner) {
        for (let a = 0; a < (c.blockSize ?? 1); a++)
          for (let b = 0; b < (c.blockSize ?? 1); b++) cornerCells.add(cellOf(g, f === 0 ? a : f - a, r === 0 ? b : r - b));
      }
    });
    check(Array.isArray(c.squares) && c.squares.length > 0, 'corners.squares', 'BAD_VARIANT_VALUE', 'corners.squares must list at least one corner');
  }
  if (def.escape !== 'edge') check(def.corners !== null, 'escape', 'BAD_VARIANT_VALUE', `escape "${def.escape}" needs corners`);

  if (layout && layout.ok) {
    let kings = 0;
    let commanders = 0;
    layout.value.cells.forEach((p, i) => {
      const cell = cellOf(g, i % def.size, Math.floor(i / def.size));
      if (p === KING) kings++;
      if (p === COMMANDER) commanders++;
      if (p !== 0 && p !== KING && (cell === throneCell || cornerCells.has(cell))) {
        errors.push({ code: 'BAD_VARIANT_LAYOUT', field: 'layout', message: 'only the king may stand on the throne or a corner square' });
      }
    });
    check(kings === 1, 'layout', 'BAD_VARIANT_LAYOUT', `the layout must hold exactly one king, found ${kings}`);
    check(commanders === 0 || def.commanders === true, 'layout', 'BAD_VARIANT_LAYOUT', 'the layout holds commanders but commanders are off');
  }
  return errors.length ? err(errors) : ok(def);
}
