import { VariantDefinition } from './variant-definition.js';
import { SEED_001, SEED_002, SPEC } from './sources.js';

/** "Alea evangelii (game)", the English seed text: castle, 2×2 citadels, unarmed king (docs/rules.md 4.4). */
export const aleaEvangeliiCitadels: VariantDefinition = {
  meta: {
    id: 'alea-evangelii-citadels',
    name: 'Alea Evangelii (citadels)',
    description: 'The English-language ruleset: an unarmed king, a castle and four 2×2 citadels, passing when immobile.',
    ruleIds: ['AEC-1', 'AEC-2', 'AEC-3', 'AEC-4', 'AEC-5', 'AEC-6', 'AEC-7', 'AEC-8', 'AEC-9', 'AEC-10'],
    sources: [SEED_001, SEED_002, SPEC],
    decisions: [
      "The layout is seed 002's diagram: seed 001 gives none.",
      'The castle and the citadel squares stay hostile to attackers while the king stands on them (R-4).',
      "The edge escape needs the king's own move to an edge square while all four corners are blocked (R-13).",
    ],
  },
  rules: {
    size: 19,
    // Seed 002's diagram, as alea-evangelii: seed 001 gives none.
    layout:
      '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2',
    first: 'attackers', // AEC-1
    // The castle.
    throne: {
      whoMayStop: 'king', // AEC-2
      whoMayPass: 'king',
      kingMayReturn: true,
      hostileTo: { attackers: 'always', defenders: 'never', king: 'never' }, // AEC-3, AEC-5
    },
    corners: {
      squares: ['a1', 'a19', 's1', 's19'], // AEC-6: the corner points are the goals
      blockSize: 2, // AEC-2: a1 a2 b1 b2 and the like are citadel squares
      goal: 'point', // AEC-6: the other citadel squares are not goals
      whoMayStop: 'king', // AEC-2
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'never', king: 'never' }, // AEC-3, AEC-5
    },
    king: { armed: false, armedAs: 'hammer-and-anvil', capture: 'castle-4', immuneOnEdge: false, immuneBesideCorner: false }, // AEC-4, AEC-5
    commanders: false,
    linnaeanCapture: false,
    shieldwall: null, // AEC-10
    exitFort: null, // AEC-10
    encirclement: false, // AEC-10
    escape: 'corners-then-edge-when-blocked', // AEC-6, AEC-8
    repetition: null, // AEC-10
    noLegalMove: 'pass', // AEC-9
  },
};
