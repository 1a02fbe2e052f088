/**
 * Definitions written as OpenTafl rules strings, every key written out (`dim` first, `starti` last;
 * api.md section 9), so another OpenTafl reader plays the same rules. Where no OTN key can say a rule of
 * the definition the answer is no string and a sentence per such rule: never an approximate string.
 */
import type { FortRules, HostilityTable, RulesetDefinition, Who } from '../engine/definition.js';
import { cellOf, makeGeometry, squareName } from '../engine/geometry.js';
import { cornerBlocks } from '../engine/compiled-variant.js';
import { OTN_KEYS, otnKey } from './otn-keys.js';
import { Members, hostileEmpty, hostileOccupied, membersOf, setText, subset } from './otn-piece-sets.js';
import { tfenBoardToOtgPosition } from './otg.js';

export type OtnPrint = { otn: string; unsupported: [] } | { otn: null; unsupported: string[] };

/** OpenTafl writes names with underscores for spaces; a colon, bracket or space cannot stand in a value. */
export function otnName(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[:\]\[]/g, '');
}

export function printOtn(rules: RulesetDefinition, name: string): OtnPrint {
  const unsupported: string[] = [];
  const no = (sentence: string) => unsupported.push(sentence);
  const v: Record<string, string> = {};
  const g = makeGeometry(rules.size);

  v.dim = String(rules.size);
  v.name = otnName(name);
  if (rules.escape === 'corners-then-edge-when-blocked')
    no(
      'The king also escapes to the edge when all four corners are blocked (AEC-8): OpenTafl escapes to corners (esc:c) or to edges (esc:e) only.',
    );
  v.esc = rules.escape === 'edge' ? 'e' : 'c';
  v.surf = rules.encirclement ? 'y' : 'n';
  v.atkf = rules.first === 'attackers' ? 'y' : 'n';
  const rep = rules.repetition;
  if (rep && rep.occurrences !== 3) no(`Repetition decides at occurrence ${rep.occurrences}: OpenTafl's tfr counts three.`);
  v.tfr = rep === null ? 'i' : rep.result === 'draw' ? 'd' : rep.result === 'mover-loses' ? 'w' : 'l';
  const k = rules.king;
  v.ka = !k.armed ? 'n' : k.armedAs === 'hammer' ? 'h' : k.armedAs === 'anvil' ? 'a' : 'y';
  if (k.immuneBesideCorner) no('The king cannot be captured next to a corner (UNST-10): OpenTafl has no such key.');
  // OTN-12: once the attackers have commanders or knights, OpenTafl's strong king is theirs to take.
  const attackerCommanders = /[cn]/.test(rules.layout);
  if (attackerCommanders && (k.capture === 'strong-4' || k.capture === 'graded'))
    no(`A ${k.capture} king facing attacker commanders or knights: in OpenTafl they alone take a strong king (commanders-2).`);
  if (k.capture === 'commanders-2') {
    v.ks = 's';
    if (!attackerCommanders)
      no('The king is taken by attacker commanders or knights, but the layout holds none: OpenTafl would take him by four.');
    if (k.immuneOnEdge) no('A commanders-2 king that cannot be captured on the edge: OpenTafl has no such king.');
  } else if (k.capture === 'strong-4') v.ks = k.immuneOnEdge ? 's' : 'm';
  else if (k.capture === 'graded' && !k.immuneOnEdge) v.ks = 'c';
  else if (k.capture === 'custodial-2' && !k.immuneOnEdge) v.ks = 'w';
  else {
    v.ks = 's';
    if (k.capture === 'throne-4')
      no('The king is captured by four on the throne and by two elsewhere, beside the throne too: OpenTafl ks:c needs three there.');
    else if (k.capture === 'castle-4')
      no('The king is captured by four in the castle and by two attackers elsewhere, squares never counting: OpenTafl has no such king.');
    else no(`A ${k.capture} king that cannot be captured on the edge: OpenTafl has no such king.`);
  }
  const jumpLetter = { none: 'n', jump: 'j', capture: 'c', restricted: 'r' } as const;
  v.kj = jumpLetter[rules.jumps?.king ?? 'none'];
  v.nj = jumpLetter[rules.jumps?.knights ?? 'none'];
  v.cj = jumpLetter[rules.jumps?.commanders ?? 'none'];
  v.mj = 'n';
  v.gj = 'n';
  v.ber = rules.berserk === 'capture' ? 'c' : rules.berserk === 'any-move' ? 'm' : 'n';
  v.spd = speedText(rules);
  v.sw = rules.shieldwall === null ? 'n' : rules.shieldwall.cornersMayClose ? 's' : 'w';
  v.swf = rules.shieldwall?.moverMustClose === false ? 'n' : 'y';
  const armedBothWays = k.armed && k.armedAs === 'hammer-and-anvil';
  if (rules.shieldwall && !armedBothWays && !rules.shieldwall.kingAlwaysArmed)
    no("The king's arms limit him in shieldwalls too (R-4): OpenTafl's shieldwall counts him whatever ka says (OTN-9).");
  const fort = rules.exitFort;
  if (fort && fort.minWall !== 1) no(`An exit fort needs a wall of at least ${fort.minWall}: OpenTafl's efe has no minimum.`);
  v.efe = fort ? 'y' : 'n';
  v.linc = rules.linnaeanCapture ? 'y' : 'n';
  if (rules.commanders && /C/.test(rules.layout)) no('Commanders (UNST-8) are captured on three sides: OpenTafl has no such piece.');
  if (rules.noLegalMove !== 'loses') {
    no(
      rules.noLegalMove === 'pass'
        ? 'A side with no legal move passes (AEC-9): in OpenTafl it loses.'
        : 'A side with no legal move draws: in OpenTafl it loses.',
    );
  }

  const kingOnEdgeImmune = k.capture === 'strong-4' && k.immuneOnEdge;
  const c = rules.corners;
  if (c === null) Object.assign(v, { cor: '', corh: '', corp: 'K', cors: 'K', corre: 'tcnkTCNK' });
  else {
    const blocks = cornerBlocks(g, c);
    if (c.blockSize === 2 && c.goal === 'point')
      no('Only the corner point of each 2×2 corner block is an escape square: every OpenTafl corner space is one.');
    v.cor = blocks
      .flat()
      .map((cell) => squareName(g, cell))
      .join(',');
    const stop = membersOf(c.whoMayStop);
    const pass = membersOf(c.whoMayPass);
    if (!subset(stop, pass)) no(`A piece may stop on a corner but not pass one: in OpenTafl stopping needs passing.`);
    v.corp = setText(pass);
    v.cors = setText(landing(stop, pass, c.whoMayLand, 'a corner', no));
    v.corre = 'tcnkTCNK';
    // Beside a single corner the king stands on the edge, where a strong king is never captured.
    const kingIrrelevant = c.blockSize === 1 && kingOnEdgeImmune;
    const h = oneSet(c.hostileTo, kingIrrelevant, no);
    v.corh = h;
  }

  const t = rules.throne;
  const centre = squareName(g, cellOf(g, (rules.size - 1) / 2, (rules.size - 1) / 2));
  if (t === null) Object.assign(v, { cen: '', cenh: '', cenhe: '', cenp: 'tcnkTCNK', cens: 'K', cenre: 'tcnkTCNK' });
  else {
    v.cen = centre;
    const pass = membersOf(t.whoMayPass);
    // Once the king has left, a throne he may not return to is one he may not stop on.
    const stop = { ...membersOf(t.whoMayStop), ...(t.kingMayReturn ? {} : { K: false }) };
    if (!subset(stop, pass)) no('A piece may stop on the throne but not pass it: in OpenTafl stopping needs passing.');
    v.cenp = setText(pass);
    const land = t.whoMayLand === undefined ? undefined : { ...membersOf(t.whoMayLand), ...(t.kingMayReturn ? {} : { K: false }) };
    v.cens = setText(landing(stop, pass, land, 'the throne', no));
    v.cenre = 'tcnkTCNK';
    const kingIrrelevant = k.capture === 'castle-4';
    const occupied = side((x) => hostileOccupied(x), t.hostileTo, kingIrrelevant, 'throne', no);
    const empty = side((x) => hostileEmpty(x), t.hostileTo, kingIrrelevant, 'throne', no);
    v.cenh = setText(occupied);
    v.cenhe = setText(empty);
  }
  fortKeys(v, 'afor', rules.forts?.attackers ?? null, no);
  fortKeys(v, 'dfor', rules.forts?.defenders ?? null, no);
  v.start = tfenBoardToOtgPosition(rules.layout);
  v.starti = `/${rules.layout}/`;

  if (unsupported.length) return { otn: null, unsupported: [...new Set(unsupported)] };
  return { otn: OTN_KEYS.map(({ key }) => `${key}:${v[key]}`).join(' '), unsupported: [] };
}

/**
 * The members a hostility state names. OpenTafl asks whether a square is hostile to a side, so the
 * king's entry must equal the defenders' unless it can never matter.
 */
function side(
  test: (h: HostilityTable['king']) => boolean,
  h: HostilityTable,
  kingIrrelevant: boolean,
  square: string,
  no: (s: string) => void,
): Members {
  const T = test(h.defenders);
  if (!kingIrrelevant && test(h.king) !== T) {
    no(`The ${square} is hostile to the king differently from defender soldiers: OpenTafl's hostility is per side.`);
  }
  return { t: test(h.attackers), T, K: T };
}

/** OpenTafl has one set for both states of a corner or fort: each entry must be `always` or `never`. */
function oneSet(h: HostilityTable, kingIrrelevant: boolean, no: (s: string) => void, square = 'corner', key = 'corh'): string {
  const entries = kingIrrelevant ? [h.attackers, h.defenders] : [h.attackers, h.defenders, h.king];
  if (entries.some((x) => x === 'empty' || x === 'occupied'))
    no(`A ${square} is hostile in one state only: OpenTafl has one ${square} set (${key}).`);
  return setText(side((x) => x === 'always' || x === 'empty', h, kingIrrelevant, square, no));
}

/** One kind of fort's keys (OTN-11); OpenTafl's defaults (the key list's) where the variant has none of that kind. */
function fortKeys(v: Record<string, string>, key: 'afor' | 'dfor', fort: FortRules | null, no: (s: string) => void): void {
  if (fort === null) {
    for (const k of [key, `${key}h`, `${key}p`, `${key}s`, `${key}re`]) v[k] = otnKey(k)?.default ?? '';
    return;
  }
  const stop = membersOf(fort.whoMayStop);
  const pass = membersOf(fort.whoMayPass);
  if (!subset(stop, pass)) no('A piece may stop on a fort but not pass one: in OpenTafl stopping needs passing.');
  v[key] = fort.squares.join(',');
  v[`${key}h`] = oneSet(fort.hostileTo, false, no, 'fort', `${key}h`);
  v[`${key}p`] = setText(pass);
  v[`${key}s`] = setText(landing(stop, pass, fort.whoMayLand, 'a fort', no));
  v[`${key}re`] = setText(membersOf(fort.whoMayEnter));
}

/**
 * The `…s` set: OpenTafl lands a jump where this set allows and ends a move where the `…p` set allows
 * too (OTN-12), so with `whoMayLand` the set is the landing set, and it must meet `pass` in `stop`.
 */
function landing(stop: Members, pass: Members, land: Who | Members | undefined, what: string, no: (s: string) => void): Members {
  if (land === undefined) return stop;
  const l = typeof land === 'string' ? membersOf(land) : land;
  const ends = { t: l.t && pass.t, T: l.T && pass.T, K: l.K && pass.K };
  if (ends.t !== stop.t || ends.T !== stop.T || ends.K !== stop.K)
    no(`Where a move may end on ${what} is not where a jump may land there and the move may pass: OpenTafl has one stop set for both.`);
  return l;
}

/**
 * `spd` as OpenTafl's RulesSerializer writes it: one value where every piece has the same limit (-1:
 * none), else one per piece type in TaflmanCodes order with a trailing comma (t c n k m g T C N K M G),
 * commanders and knights at their side's limit, pieces this engine does not have at -1. Never the two-value form, which OpenTafl's loader drops.
 */
function speedText(rules: RulesetDefinition): string {
  const s = rules.speedLimits;
  if (!s) return '-1';
  const n = (x: number | null) => String(x ?? -1);
  if (s.attackers === s.defenders && s.defenders === s.king) return n(s.king);
  // Commanders and knights move as their side's soldiers (OTN-12).
  const a = n(s.attackers);
  const d = n(s.defenders);
  return [a, a, a, '-1', '-1', '-1', d, d, d, n(s.king), '-1', '-1', ''].join(',');
}
