/**
 * The readable description of a ruleset for the registry, derived from the very definition the engine
 * compiles (never a second hand-written copy).
 */
import { HostilityTable, KingCapture, VariantDefinition, Who } from '../engine/definition';
import { cellOf, makeGeometry, squareName } from '../engine/geometry';
import { cornerBlocks } from '../engine/compiled-variant';

export interface SpecialSquareDescription {
  kind: 'throne' | 'corner' | 'citadel';
  squares: string[];
  /** The king wins by reaching one of these squares. */
  escape: boolean;
  whoMayStop: Who;
  whoMayPass: Who;
  kingMayReturn: boolean | null;
  hostileTo: HostilityTable;
}

export interface PieceDescription {
  letter: string;
  name: string;
  side: 'attackers' | 'defenders';
  count: number;
  capturedBy: string;
}

export interface ConditionDescription {
  /** `opponent`: the side that did not make the deciding move (repetition, no legal move). */
  winner: 'attackers' | 'defenders' | 'draw' | 'opponent';
  reason: string;
  description: string;
}

export interface VariantDescription {
  id: string;
  name: string;
  description: string;
  size: number;
  firstSide: 'attackers' | 'defenders';
  startPosition: string;
  specialSquares: SpecialSquareDescription[];
  pieces: PieceDescription[];
  king: { armed: boolean; capture: KingCapture; immuneOnEdge: boolean; immuneBesideCorner: boolean; description: string };
  captureRules: { custodial: string; shieldwall: boolean; linnaeanCapture: boolean; commanders: boolean };
  escape: string;
  exitFort: { minWall: number } | null;
  encirclement: boolean;
  repetition: { occurrences: number; result: string } | null;
  noLegalMove: string;
  endConditions: ConditionDescription[];
  ruleIds: string[];
  sources: { name: string; note: string; url: string | null }[];
  decisions: string[];
}

const KING_CAPTURE_TEXT: Record<KingCapture, string> = {
  'custodial-2': 'like a soldier: two hostile squares on opposite sides, one of them the moved attacker',
  'strong-4': 'hostile squares (attackers, or special squares hostile to him) on all four sides',
  graded: 'four attackers on the throne; beside the throne three attackers and the throne; elsewhere two on opposite sides',
  'throne-4': 'four attackers on the throne; elsewhere two on opposite sides',
  'castle-4': 'four attackers in the castle; elsewhere two attackers on opposite sides (squares never count)',
};

function kingText(def: VariantDefinition): string {
  const k = def.king;
  const parts = [`The king is captured by ${KING_CAPTURE_TEXT[k.capture]}.`];
  if (k.immuneOnEdge) parts.push('He cannot be captured on the board edge.');
  else if (k.capture === 'strong-4') parts.push('On the edge, his three on-board sides suffice.');
  if (k.immuneBesideCorner) parts.push('He cannot be captured on a square next to a corner.');
  parts.push(k.armed ? 'He is armed: he captures and serves as an anvil.' : 'He is unarmed: he never captures nor serves as an anvil.');
  return parts.join(' ');
}

function endConditions(def: VariantDefinition): ConditionDescription[] {
  const out: ConditionDescription[] = [];
  const escapeText =
    def.escape === 'edge'
      ? 'the king reaches any edge square'
      : def.escape === 'corners'
        ? `the king reaches a corner (${def.corners?.squares.join(', ')})`
        : `the king reaches a corner point (${def.corners?.squares.join(', ')}), or moves to an edge square while all four corners are blocked by attackers`;
  out.push({ winner: 'defenders', reason: 'king_escaped', description: escapeText });
  if (def.exitFort) out.push({ winner: 'defenders', reason: 'exit_fort', description: `the king on the edge in an unbreakable fort with a wall of at least ${def.exitFort.minWall}` });
  out.push({ winner: 'attackers', reason: 'king_captured', description: 'the king is captured' });
  if (def.encirclement) out.push({ winner: 'attackers', reason: 'encircled', description: 'no defender can reach the edge: all are surrounded' });
  if (def.repetition) {
    out.push({
      winner: def.repetition.result === 'draw' ? 'draw' : 'opponent',
      reason: 'repetition',
      description:
        def.repetition.result === 'draw'
          ? `occurrence ${def.repetition.occurrences} of a position is a draw`
          : `the move that creates occurrence ${def.repetition.occurrences} of a position loses for its player (either side)`,
    });
  }
  const nlm =
    def.noLegalMove === 'loses'
      ? 'a side with no legal move loses (either side)'
      : def.noLegalMove === 'draw'
        ? 'a side with no legal move: the game is drawn'
        : 'a side with no legal move passes; if neither side can move, the game is drawn';
  out.push({ winner: def.noLegalMove === 'loses' ? 'opponent' : 'draw', reason: def.noLegalMove === 'pass' ? 'both_immobile' : 'no_legal_moves', description: nlm });
  return out;
}

export function describeVariant(def: VariantDefinition): VariantDescription {
  const g = makeGeometry(def.size);
  const special: SpecialSquareDescription[] = [];
  if (def.throne) {
    const mid = (def.size - 1) / 2;
    special.push({
      kind: 'throne',
      squares: [def.throne.square ?? squareName(g, cellOf(g, mid, mid))],
      escape: false,
      whoMayStop: def.throne.whoMayStop,
      whoMayPass: def.throne.whoMayPass,
      kingMayReturn: def.throne.kingMayReturn,
      hostileTo: def.throne.hostileTo,
    });
  }
  if (def.corners) {
    const c = def.corners;
    special.push({ kind: 'corner', squares: c.squares, escape: def.escape !== 'edge', whoMayStop: c.whoMayStop, whoMayPass: c.whoMayPass, kingMayReturn: null, hostileTo: c.hostileTo });
    if (c.blockSize > 1) {
      const rest = cornerBlocks(g, c)
        .flat()
        .map((cell) => squareName(g, cell))
        .filter((name) => !c.squares.includes(name));
      special.push({ kind: 'citadel', squares: rest, escape: false, whoMayStop: c.whoMayStop, whoMayPass: c.whoMayPass, kingMayReturn: null, hostileTo: c.hostileTo });
    }
  }
  const counts: Record<string, number> = {};
  for (const ch of def.layout.replace(/[0-9/]/g, '')) counts[ch] = (counts[ch] ?? 0) + 1;
  const custodial = 'two hostile squares on opposite sides, one of them the moved piece (active capture only)';
  const pieces: PieceDescription[] = [
    { letter: 't', name: 'attacker', side: 'attackers', count: counts.t ?? 0, capturedBy: custodial },
    {
      letter: 'T',
      name: 'defender',
      side: 'defenders',
      count: counts.T ?? 0,
      capturedBy: def.linnaeanCapture ? `${custodial}; also against the occupied throne when the king is enclosed there on three sides (Linnaean)` : custodial,
    },
    { letter: 'K', name: 'king', side: 'defenders', count: counts.K ?? 0, capturedBy: kingText(def) },
  ];
  if (def.commanders) {
    pieces.push({ letter: 'C', name: 'commander', side: 'defenders', count: counts.C ?? 0, capturedBy: 'three hostile sides, the moved attacker one of them; otherwise moves and captures as a defender' });
  }
  return {
    id: def.id,
    name: def.name,
    description: def.description ?? '',
    size: def.size,
    firstSide: def.first,
    startPosition: `${def.layout} ${def.first === 'attackers' ? 'a' : 'd'}`,
    specialSquares: special,
    pieces,
    king: { ...def.king, description: kingText(def) },
    captureRules: {
      custodial,
      shieldwall: def.shieldwall,
      linnaeanCapture: def.linnaeanCapture,
      commanders: def.commanders,
    },
    escape: def.escape,
    exitFort: def.exitFort,
    encirclement: def.encirclement,
    repetition: def.repetition,
    noLegalMove: def.noLegalMove,
    endConditions: endConditions(def),
    ruleIds: def.ruleIds,
    sources: def.sources.map((s) => ({ name: s.name, note: s.note, url: s.url ?? null })),
    decisions: def.decisions,
  };
}
