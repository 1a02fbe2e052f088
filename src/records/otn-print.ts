/**
 * Definitions written as OpenTafl rules strings, every key written out (`dim` first, `starti` last;
 * api.md section 9), so another OpenTafl reader plays the same rules. Where no OTN key can say a rule of
 * the definition the answer is no string and a sentence per such rule: never an approximate string.
 */
import type { FortRules, HostilityTable, MercenaryGuardAccess, RulesetDefinition, Who } from '../engine/definition.js';
import { cellOf, makeGeometry, squareName } from '../engine/geometry.js';
import { cornerBlocks } from '../engine/compiled-variant.js';
import { OTN_KEYS, otnKey } from './otn-keys.js';
import { Members, hostileEmpty, hostileOccupied, intersect, membersOf, setText, subset } from './otn-piece-sets.js';
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

  // Re-entry sets name every piece the layout can hold: this engine has no re-entry rule but the king's.
  const held = heldExtras(rules.layout);
  const everyPiece = `tcnk${held.m ? 'm' : ''}${held.g ? 'g' : ''}TCNK${held.m ? 'M' : ''}${held.G ? 'G' : ''}`;
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
  if (rep === null)
    no('Repetition is never judged: OpenTafl writes that tfr:i, but its loader reads tfr:i as a draw on the third repetition.');
  v.tfr = rep === null || rep.result === 'draw' ? 'd' : rep.result === 'mover-loses' ? 'w' : 'l';
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
  v.mj = jumpLetter[rules.jumps?.mercenaries ?? 'none'];
  v.gj = 'n';
  v.ber = rules.berserk === 'capture' ? 'c' : rules.berserk === 'any-move' ? 'm' : 'n';
  v.spd = speedText(rules, held);
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
  if (c === null) Object.assign(v, { cor: '', corh: '', corp: 'K', cors: 'K', corre: everyPiece });
  else {
    const blocks = cornerBlocks(g, c);
    if (c.blockSize === 2 && c.goal === 'point')
      no('Only the corner point of each 2×2 corner block is an escape square: every OpenTafl corner space is one.');
    v.cor = blocks
      .flat()
      .map((cell) => squareName(g, cell))
      .join(',');
    const a = c.mercenariesAndGuards;
    const stop = hired(membersOf(c.whoMayStop), a?.stop);
    const pass = hired(membersOf(c.whoMayPass), a?.pass);
    if (!subset(stop, pass)) no(`A piece may stop on a corner but not pass one: in OpenTafl stopping needs passing.`);
    v.corp = setText(pass);
    v.cors = setText(landing(stop, pass, landed(c.whoMayLand, a, stop), 'a corner', no));
    v.corre = everyPiece;
    // Beside a single corner the king stands on the edge, where a strong king is never captured.
    const kingIrrelevant = c.blockSize === 1 && kingOnEdgeImmune;
    const h = oneSet(c.hostileTo, kingIrrelevant, no);
    v.corh = h;
  }

  const t = rules.throne;
  const centre = squareName(g, cellOf(g, (rules.size - 1) / 2, (rules.size - 1) / 2));
  if (t === null) Object.assign(v, { cen: '', cenh: '', cenhe: '', cenp: everyPiece, cens: 'K', cenre: everyPiece });
  else {
    v.cen = centre;
    const a = t.mercenariesAndGuards;
    const pass = hired(membersOf(t.whoMayPass), a?.pass);
    // Once the king has left, a throne he may not return to is one he may not stop on.
    const stop = { ...hired(membersOf(t.whoMayStop), a?.stop), ...(t.kingMayReturn ? {} : { K: false }) };
    if (!subset(stop, pass)) no('A piece may stop on the throne but not pass it: in OpenTafl stopping needs passing.');
    const land = landed(t.whoMayLand, a, stop);
    const stops = landing(stop, pass, land && { ...land, ...(t.kingMayReturn ? {} : { K: false }) }, 'the throne', no);
    // A king who may stay on the throne but neither pass it nor come back: K in cenp and cens, not in
    // cenre, which is how the reader gets `whoMayStop: king` with `kingMayReturn: false` back.
    const kingStaysOff = !t.kingMayReturn && membersOf(t.whoMayStop).K && !pass.K;
    v.cenp = setText(kingStaysOff ? { ...pass, K: true } : pass);
    v.cens = setText(kingStaysOff ? { ...stops, K: true } : stops);
    v.cenre = kingStaysOff ? everyPiece.replace('K', '') : everyPiece;
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
  const a = fort.mercenariesAndGuards;
  const stop = hired(membersOf(fort.whoMayStop), a?.stop);
  const pass = hired(membersOf(fort.whoMayPass), a?.pass);
  if (!subset(stop, pass)) no('A piece may stop on a fort but not pass one: in OpenTafl stopping needs passing.');
  v[key] = fort.squares.join(',');
  v[`${key}h`] = oneSet(fort.hostileTo, false, no, 'fort', `${key}h`);
  v[`${key}p`] = setText(pass);
  v[`${key}s`] = setText(landing(stop, pass, landed(fort.whoMayLand, a, stop), 'a fort', no));
  v[`${key}re`] = setText(hired(membersOf(fort.whoMayEnter), a?.enter));
}

/** A set's members with the mercenaries and guards a square's access names (OTN-12). */
function hired(m: Members, letters: string | undefined): Members {
  return { ...m, hired: letters ?? '' };
}

/** Where a jump may land, where the square says so for any piece; undefined where it is where a move may stop. */
function landed(who: Who | undefined, a: MercenaryGuardAccess | undefined, stop: Members): Members | undefined {
  if (who === undefined && a?.land === undefined) return undefined;
  return { ...(who === undefined ? stop : membersOf(who)), hired: a?.land ?? stop.hired ?? '' };
}

/**
 * The `…s` set: OpenTafl lands a jump where this set allows and ends a move where the `…p` set allows
 * too (OTN-12), so with `whoMayLand` the set is the landing set, and it must meet `pass` in `stop`.
 */
function landing(stop: Members, pass: Members, land: Members | undefined, what: string, no: (s: string) => void): Members {
  if (land === undefined) return stop;
  const ends = intersect(land, pass);
  if (ends.t !== stop.t || ends.T !== stop.T || ends.K !== stop.K || ends.hired !== (stop.hired ?? ''))
    no(`Where a move may end on ${what} is not where a jump may land there and the move may pass: OpenTafl has one stop set for both.`);
  return land;
}

/** Which of OpenTafl's mercenaries (either side: a captured one changes sides) and guards a layout holds. */
interface HeldExtras {
  m: boolean;
  g: boolean;
  G: boolean;
}

function heldExtras(layout: string): HeldExtras {
  return { m: /[mM]/.test(layout), g: layout.includes('g'), G: layout.includes('G') };
}

/**
 * `spd` as OpenTafl's RulesSerializer writes it: one value where every piece has the same limit (-1:
 * none), else one per piece type in TaflmanCodes order with a trailing comma (t c n k m g T C N K M G),
 * commanders and knights at their side's limit, mercenaries and guards too where the layout holds them,
 * the rest at -1. Never the two-value form, which OpenTafl's loader drops.
 */
function speedText(rules: RulesetDefinition, held: HeldExtras): string {
  const s = rules.speedLimits;
  if (!s) return '-1';
  const n = (x: number | null) => String(x ?? -1);
  if (s.attackers === s.defenders && s.defenders === s.king) return n(s.king);
  // Commanders, knights, mercenaries and guards move as their side's soldiers (OTN-12).
  const a = n(s.attackers);
  const d = n(s.defenders);
  const [am, ag, dm, dg] = [held.m ? a : '-1', held.g ? a : '-1', held.m ? d : '-1', held.G ? d : '-1'];
  return [a, a, a, '-1', am, ag, d, d, d, n(s.king), dm, dg, ''].join(',');
}
