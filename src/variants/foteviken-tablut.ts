import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_FOTEVIKEN_TABLUT, SPEC } from './sources.js';

const NEVER = { attackers: 'never', defenders: 'never', king: 'never' } as const;

/** Foteviken Tablut 9×9 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const fotevikenTablut: VariantDefinition = {
  meta: {
    id: 'foteviken-tablut',
    name: 'Foteviken Tablut (OpenTafl)',
    description:
      "OpenTafl's Foteviken Tablut: Tablut's board with no corners and a king who escapes to any edge square; the attackers' sixteen start squares are their forts, which no piece may enter from outside, and no piece may stop on or cross the throne.",
    ruleIds: [],
    sources: [OPENTAFL_FOTEVIKEN_TABLUT, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says (the forts as OTN-11), the keys left out at their OpenTafl defaults (surf:y, ka:y, ks:s, tfr:d).',
      "The string, not the preset's Java class, as for Magpie: FotevikenTablut.java makes the empty throne hostile to every piece, but its serializer writes that set as cenhe:K, and OpenTafl's engine reads a square's hostility per side from the t and T entries only, so every reloaded record plays the empty throne as hostile to nobody. The string is what travels and what OpenTafl replays.",
      'cenre: (nobody re-enters the throne) also closes the throne to passing: OpenTafl lets a piece pass a square only if it may enter it, and only the king starts there.',
    ],
    otnSource:
      'dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
  },
  rules: {
    size: 9,
    layout: '3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3', // start: (symmetric, so the same read either way)
    first: 'attackers', // atkf:y
    // cen: default (e5); cens: and cenre: empty, so nobody stops on it or passes it; cenh: and cenhe:K hostile to no side.
    throne: { whoMayStop: 'nobody', whoMayPass: 'nobody', kingMayReturn: true, hostileTo: NEVER },
    corners: null, // cor: empty
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false }, // ka:y ks:s
    commanders: false,
    linnaeanCapture: false, // linc:n (default)
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: true, // surf:y (default)
    escape: 'edge', // esc:e
    repetition: { occurrences: 3, result: 'draw' }, // tfr:d (default)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
    forts: {
      // afor: the attackers' start squares; aforp and afors (default) for all, aforre: empty, aforh:K hostile to no side.
      attackers: {
        squares: ['a4', 'a5', 'a6', 'b5', 'd1', 'd9', 'e1', 'e2', 'e8', 'e9', 'f1', 'f9', 'h5', 'i4', 'i5', 'i6'],
        whoMayStop: 'all',
        whoMayPass: 'all',
        whoMayEnter: 'nobody',
        hostileTo: NEVER,
      },
      defenders: null, // dfor: (default)
    },
  },
};
