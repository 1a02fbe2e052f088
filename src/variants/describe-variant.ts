/**
 * The readable description of a ruleset for the registry. It reads the compiled variant (where the
 * special squares are, what stands where at the start: computed once, by the engine) and the rules it
 * was compiled from, so the registry can never describe a different game from the one that is played.
 */
import type { CompiledVariant } from '../engine/compiled-variant.js';
import type {
  ExitFortRule,
  HostilityTable,
  KingRules,
  MercenaryGuardAccess,
  RepetitionRule,
  RulesetDefinition,
  ShieldwallRule,
} from '../engine/definition.js';
import {
  ATTACKER,
  ATTACKER_COMMANDER,
  ATTACKER_GUARD,
  ATTACKER_KNIGHT,
  ATTACKER_MERCENARY,
  COMMANDER,
  DEFENDER,
  DEFENDER_GUARD,
  DEFENDER_KNIGHT,
  DEFENDER_MERCENARY,
  KING,
} from '../engine/pieces.js';
import {
  BerserkMode,
  BoardOutcomeReason,
  EscapeRule,
  JumpMode,
  KingArms,
  KingCapture,
  NoLegalMoveRule,
  RepetitionResult,
  PIECE_LETTER_NAMES,
  PieceLetter,
  SIDE_LETTERS,
  SIDES,
  SideName,
  SpecialSquareKind,
  WINNERS,
  Who,
} from '../engine/values.js';
import type { VariantMeta } from './variant-definition.js';

/**
 * Who an end condition makes the winner; `opponent`: the side that did not make the deciding move;
 * `mover`: the side that made it.
 */
export const CONDITION_WINNERS = [...WINNERS, 'opponent', 'mover'] as const;
export type ConditionWinner = (typeof CONDITION_WINNERS)[number];

export interface SpecialSquareDescription {
  kind: SpecialSquareKind;
  squares: string[];
  /** The king wins by reaching one of these squares. */
  escape: boolean;
  whoMayStop: Who;
  whoMayPass: Who;
  kingMayReturn: boolean | null;
  hostileTo: HostilityTable;
  /** Forts (OTN-11): whose fort it is; null for every other kind. */
  fortOf: SideName | null;
  /** Forts: who may stop on or pass one coming from another kind of square; null for every other kind. */
  whoMayEnter: Who | null;
  /** Where the variant holds OpenTafl's mercenaries or guards (OTN-12): the letters each permission admits; else null. */
  mercenariesAndGuards: MercenaryGuardAccessDescription | null;
}

export interface MercenaryGuardAccessDescription {
  stop: string;
  pass: string;
  /** Where a jump may end, where that differs from `stop`. */
  land: string | null;
  /** Forts: stopping on or passing one from another kind of square. */
  enter: string | null;
}

function accessOf(a: MercenaryGuardAccess | undefined): MercenaryGuardAccessDescription | null {
  return a ? { stop: a.stop, pass: a.pass, land: a.land ?? null, enter: a.enter ?? null } : null;
}

export interface PieceDescription {
  letter: PieceLetter;
  name: string;
  side: SideName;
  count: number;
  capturedBy: string;
}

export interface KingDescription extends KingRules {
  description: string;
}

export interface CaptureRulesDescription {
  custodial: string;
  shieldwall: boolean;
  /** How the shieldwall closes, where there is one. */
  shieldwallRule: ShieldwallRule | null;
  linnaeanCapture: boolean;
  commanders: boolean;
  /** OpenTafl's berserk (OTN-13): a piece that captured moves again while it can capture (or move); null where turns alternate. */
  berserk: BerserkMode | null;
}

export interface ConditionDescription {
  winner: ConditionWinner;
  reason: BoardOutcomeReason;
  description: string;
}

export interface SourceDescription {
  name: string;
  note: string;
  url: string | null;
}

export interface VariantDescription {
  id: string;
  name: string;
  description: string;
  size: number;
  firstSide: SideName;
  startPosition: string;
  specialSquares: SpecialSquareDescription[];
  pieces: PieceDescription[];
  king: KingDescription;
  captureRules: CaptureRulesDescription;
  escape: EscapeRule;
  exitFort: ExitFortRule | null;
  encirclement: boolean;
  repetition: RepetitionRule | null;
  noLegalMove: NoLegalMoveRule;
  endConditions: ConditionDescription[];
  ruleIds: string[];
  sources: SourceDescription[];
  decisions: string[];
}

const KING_CAPTURE_TEXT: Record<KingCapture, string> = {
  'custodial-2': 'like a soldier: two hostile squares on opposite sides, one of them the moved attacker',
  'strong-4': 'hostile squares (attackers, or special squares hostile to him) on all four sides',
  graded: 'four attackers on the throne; beside the throne three attackers and the throne; elsewhere two on opposite sides',
  'throne-4': 'four attackers on the throne; elsewhere two on opposite sides',
  'castle-4': 'four attackers in the castle; elsewhere two attackers on opposite sides (squares never count)',
  'commanders-2':
    'two hostile squares on opposite sides, not on or against the throne, where two of the moved piece, the piece opposite and a hostile corner opposite are attacker commanders, knights or that corner (OpenTafl)',
};

/** How a kind of piece jumps (OTN-12), as a sentence about "it". */
const JUMP_TEXT: Record<JumpMode, string> = {
  none: 'It does not jump.',
  jump: 'It may jump over one adjacent enemy soldier to the empty square beyond.',
  capture: 'It may jump over one adjacent enemy soldier to the empty square beyond, capturing it.',
  restricted: 'It may jump over one adjacent enemy soldier only from or onto a special square.',
};

/** How OpenTafl's guards (OTN-12) are captured and what they do: they never jump. */
const GUARD_TEXT =
  "only by an enemy's capturing jump over it; never by custodial capture or a shieldwall. Moves as a soldier of its side but never captures, not even as part of a shieldwall, and never serves as an anvil, not even against the king: no square counts as hostile while an enemy guard stands on it. It does not jump.";

/**
 * OpenTafl's commanders, knights, mercenaries and guards (OTN-12), where a position of the variant may
 * hold them: those of the layout, and the other side's mercenary where one is on it, since a captured
 * mercenary changes sides.
 */
function openTaflPieces(
  rules: RulesetDefinition,
  v: CompiledVariant,
  count: (piece: number) => number,
  custodial: string,
): PieceDescription[] {
  const jumps = rules.jumps ?? { king: 'none', knights: 'none', commanders: 'none' };
  const soldier = (jump: JumpMode): string =>
    `${custodial}; never jumped over. Moves and captures as a soldier of its side. ${JUMP_TEXT[jump]}`;
  const mercenary = `${custodial}; it may be jumped over. A captured mercenary is not removed but changes sides where it stands. Moves and captures as a soldier of its side. ${JUMP_TEXT[jumps.mercenaries ?? 'none']}`;
  const kinds: [PieceLetter, SideName, number, string][] = [
    ['c', 'attackers', ATTACKER_COMMANDER, soldier(jumps.commanders)],
    ['n', 'attackers', ATTACKER_KNIGHT, soldier(jumps.knights)],
    ['N', 'defenders', DEFENDER_KNIGHT, soldier(jumps.knights)],
  ];
  if (!rules.commanders) kinds.push(['C', 'defenders', COMMANDER, soldier(jumps.commanders)]);
  kinds.push(
    ['m', 'attackers', ATTACKER_MERCENARY, mercenary],
    ['M', 'defenders', DEFENDER_MERCENARY, mercenary],
    ['g', 'attackers', ATTACKER_GUARD, GUARD_TEXT],
    ['G', 'defenders', DEFENDER_GUARD, GUARD_TEXT],
  );
  // OpenTafl's defender commander is named apart from Unst's commander, whose letter it shares.
  const nameOf = (letter: PieceLetter) => (letter === 'C' ? 'defender commander' : PIECE_LETTER_NAMES[letter]);
  return kinds
    .filter(([, , code]) => v.pieceAllowed[code] === 1)
    .map(([letter, side, code, capturedBy]) => ({ letter, name: nameOf(letter), side, count: count(code), capturedBy }));
}

function kingText(rules: RulesetDefinition): string {
  const k = rules.king;
  const parts = [`The king is captured by ${KING_CAPTURE_TEXT[k.capture]}.`];
  if (k.immuneOnEdge) parts.push('He cannot be captured on the board edge.');
  else if (k.capture === 'strong-4') parts.push('On the edge, his three on-board sides suffice.');
  if (k.immuneBesideCorner) parts.push('He cannot be captured on a square next to a corner.');
  const arms: Record<KingArms, string> = {
    'hammer-and-anvil': 'He is armed: he captures and serves as an anvil.',
    hammer: 'He is armed only as a hammer: he captures when he moves, but never serves as an anvil.',
    anvil: 'He is armed only as an anvil: he serves as one, but his own moves capture nothing.',
  };
  parts.push(k.armed ? arms[k.armedAs] : 'He is unarmed: he never captures nor serves as an anvil.');
  const jump = rules.jumps?.king ?? 'none';
  if (jump !== 'none') parts.push(JUMP_TEXT[jump].replace(/^It /, 'He '));
  return parts.join(' ');
}

function endConditions(rules: RulesetDefinition, cornerPoints: string[]): ConditionDescription[] {
  const out: ConditionDescription[] = [];
  const escapeText =
    rules.escape === 'edge'
      ? 'the king reaches any edge square'
      : rules.escape === 'corners'
        ? cornerPoints.length
          ? `the king reaches a corner${rules.corners?.goal === 'block' ? ' or a citadel square' : ''} (${cornerPoints.join(', ')})`
          : 'never: the variant has no corners to escape to'
        : `the king reaches a corner point (${cornerPoints.join(', ')}), or moves to an edge square while all four corners are blocked by attackers`;
  out.push({ winner: 'defenders', reason: 'king_escaped', description: escapeText });
  if (rules.exitFort)
    out.push({
      winner: 'defenders',
      reason: 'exit_fort',
      description: `the king on the edge in an unbreakable fort with a wall of at least ${rules.exitFort.minWall}`,
    });
  out.push({ winner: 'attackers', reason: 'king_captured', description: 'the king is captured' });
  if (rules.encirclement)
    out.push({ winner: 'attackers', reason: 'encircled', description: 'no defender can reach the edge: all are surrounded' });
  if (rules.repetition) {
    const repetitionWinners: Record<RepetitionResult, ConditionWinner> = { draw: 'draw', 'mover-loses': 'opponent', 'mover-wins': 'mover' };
    out.push({
      winner: repetitionWinners[rules.repetition.result],
      reason: 'repetition',
      description:
        rules.repetition.result === 'draw'
          ? `occurrence ${rules.repetition.occurrences} of a position is a draw`
          : `the move that creates occurrence ${rules.repetition.occurrences} of a position ${rules.repetition.result === 'mover-wins' ? 'wins' : 'loses'} for its player (either side)`,
    });
  }
  const nlm =
    rules.noLegalMove === 'loses'
      ? 'a side with no legal move loses (either side)'
      : rules.noLegalMove === 'draw'
        ? 'a side with no legal move: the game is drawn'
        : 'a side with no legal move passes; if neither side can move, the game is drawn';
  out.push({
    winner: rules.noLegalMove === 'loses' ? 'opponent' : 'draw',
    reason: rules.noLegalMove === 'pass' ? 'both_immobile' : 'no_legal_moves',
    description: nlm,
  });
  return out;
}

export function describeVariant(meta: VariantMeta, v: CompiledVariant): VariantDescription {
  const rules = v.rules;
  const cornerPoints = v.cornerBlocks.map((block) => v.names[block[0]]);
  const special: SpecialSquareDescription[] = [];
  if (rules.throne) {
    const t = rules.throne;
    special.push({
      kind: 'throne',
      squares: [v.names[v.throne]],
      escape: false,
      whoMayStop: t.whoMayStop,
      whoMayPass: t.whoMayPass,
      kingMayReturn: t.kingMayReturn,
      hostileTo: t.hostileTo,
      fortOf: null,
      whoMayEnter: null,
      mercenariesAndGuards: accessOf(t.mercenariesAndGuards),
    });
  }
  if (rules.corners) {
    const corners = rules.corners;
    const c = {
      whoMayStop: corners.whoMayStop,
      whoMayPass: corners.whoMayPass,
      kingMayReturn: null,
      hostileTo: corners.hostileTo,
      fortOf: null,
      whoMayEnter: null,
      mercenariesAndGuards: accessOf(corners.mercenariesAndGuards),
    };
    special.push({ kind: 'corner', squares: cornerPoints, escape: rules.escape !== 'edge', ...c });
    const citadel = v.cornerBlocks.flatMap((block) => [...block.subarray(1)].map((cell) => v.names[cell]));
    const citadelEscape = rules.escape !== 'edge' && corners.goal === 'block';
    if (citadel.length) special.push({ kind: 'citadel', squares: citadel, escape: citadelEscape, ...c });
  }
  for (const side of SIDES) {
    const fort = rules.forts?.[side];
    if (!fort) continue;
    const { squares, whoMayStop, whoMayPass, whoMayEnter, hostileTo } = fort;
    // Never an escape square of its own: under edge escape an edge fort counts as edge, as any square there.
    special.push({
      kind: 'fort',
      squares,
      escape: false,
      whoMayStop,
      whoMayPass,
      kingMayReturn: null,
      hostileTo,
      fortOf: side,
      whoMayEnter,
      mercenariesAndGuards: accessOf(fort.mercenariesAndGuards),
    });
  }

  const counts = new Map<number, number>();
  for (const c of v.geo.squares) counts.set(v.startBoard[c], (counts.get(v.startBoard[c]) ?? 0) + 1);
  const count = (piece: number): number => counts.get(piece) ?? 0;
  const custodial = 'two hostile squares on opposite sides, one of them the moved piece (active capture only)';
  const pieces: PieceDescription[] = [
    { letter: 't', name: 'attacker', side: 'attackers', count: count(ATTACKER), capturedBy: custodial },
    {
      letter: 'T',
      name: 'defender',
      side: 'defenders',
      count: count(DEFENDER),
      capturedBy: rules.linnaeanCapture
        ? `${custodial}; also against the occupied throne when the king is enclosed there on three sides (Linnaean)`
        : custodial,
    },
    { letter: 'K', name: 'king', side: 'defenders', count: count(KING), capturedBy: kingText(rules) },
  ];
  if (rules.commanders) {
    pieces.push({
      letter: 'C',
      name: 'commander',
      side: 'defenders',
      count: count(COMMANDER),
      capturedBy: 'three hostile sides, the moved attacker one of them; otherwise moves and captures as a defender',
    });
  }
  pieces.push(...openTaflPieces(rules, v, count, custodial));
  return {
    id: meta.id,
    name: meta.name,
    description: meta.description,
    size: rules.size,
    firstSide: rules.first,
    startPosition: `${rules.layout} ${SIDE_LETTERS[v.startSide]}`,
    specialSquares: special,
    pieces,
    king: { ...rules.king, description: kingText(rules) },
    captureRules: {
      custodial,
      shieldwall: rules.shieldwall !== null,
      shieldwallRule: rules.shieldwall,
      linnaeanCapture: rules.linnaeanCapture,
      commanders: rules.commanders,
      berserk: rules.berserk ?? null,
    },
    escape: rules.escape,
    exitFort: rules.exitFort,
    encirclement: rules.encirclement,
    repetition: rules.repetition,
    noLegalMove: rules.noLegalMove,
    endConditions: endConditions(rules, cornerPoints),
    ruleIds: meta.ruleIds,
    // A variant defined by an OpenTafl string names it among its sources (rules.md 5.5).
    sources: [
      ...(meta.otnSource ? [{ name: 'OpenTafl rules string', note: meta.otnSource, url: null }] : []),
      ...meta.sources.map((s) => ({ name: s.name, note: s.note, url: s.url ?? null })),
    ],
    decisions: meta.decisions,
  };
}
