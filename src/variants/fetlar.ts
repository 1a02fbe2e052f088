import { VariantDefinition } from './variant-definition.js';
import { FET_2013, SEED_003, SPEC } from './sources.js';

/** Fetlar Hnefatafl 11×11 (rules.md 4.1). */
export const fetlar: VariantDefinition = {
  meta: {
    id: 'fetlar',
    name: 'Fetlar Hnefatafl',
    description: 'The 11×11 world-championship rules of 2008–2013: corner escape, a strong king immune on the edge.',
    ruleIds: ['FET-1', 'FET-2', 'FET-3', 'FET-4', 'FET-5', 'FET-6', 'FET-7', 'FET-8', 'FET-9', 'FET-10'],
    sources: [SEED_003, FET_2013, SPEC],
    decisions: [
      "The king is immune on the board edge (seed intro, FET-2013); the rules section's three-attackers-against-the-edge reading is the separate variant fetlar-edge-capture (FET-7).",
      'Beside the empty throne, three attackers and the throne capture the king (FET-7).',
    ],
  },
  rules: {
    size: 11,
    layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3',
    first: 'attackers', // FET-1
    throne: {
      whoMayStop: 'king', // FET-2
      whoMayPass: 'all',
      kingMayReturn: true,
      hostileTo: { attackers: 'always', defenders: 'empty', king: 'empty' }, // FET-4, FET-7
    },
    corners: {
      squares: ['a1', 'a11', 'k1', 'k11'], // FET-3
      blockSize: 1,
      goal: 'point',
      whoMayStop: 'king', // rules.md section 3
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'always', king: 'never' }, // FET-5
    },
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false }, // FET-6, FET-7
    commanders: false,
    linnaeanCapture: false,
    shieldwall: null,
    exitFort: null,
    encirclement: false,
    escape: 'corners', // FET-8
    repetition: { occurrences: 3, result: 'mover-loses' }, // FET-9
    noLegalMove: 'loses', // FET-10
  },
};
