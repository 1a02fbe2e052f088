import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL, SEED_003, SPEC } from './sources.js';

/** Fetlar with the king also captured by three attackers against the edge (rules.md 5.1). */
export const fetlarEdgeCapture: VariantDefinition = {
  meta: {
    id: 'fetlar-edge-capture',
    name: 'Fetlar Hnefatafl (edge capture)',
    description: 'Fetlar, except that three attackers capture the king against the board edge (OpenTafl ks:m).',
    ruleIds: ['FET-1', 'FET-2', 'FET-3', 'FET-4', 'FET-5', 'FET-6', 'FET-7', 'FET-8', 'FET-9', 'FET-10'],
    sources: [SEED_003, OPENTAFL, SPEC],
    decisions: [
      'On the edge the king is captured when all his on-board sides are hostile: three attackers (corners are not hostile to him, so a king beside a corner stays safe).',
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
    // The one difference from fetlar: no immunity on the edge (rules.md 5.1, seed 003's rules section).
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: false, immuneBesideCorner: false }, // FET-6, FET-7
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
