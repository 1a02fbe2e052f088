import { VariantDefinition } from './variant-definition.js';
import { RS, SPEC } from './sources.js';

/** Brandubh 7×7 as played on aagenielsen.dk (rules.md 5.3). */
export const brandubh: VariantDefinition = {
  meta: {
    id: 'brandubh',
    name: 'Brandubh',
    description: 'Irish 7×7 tafl with corner escape; the king is strong only on the throne.',
    ruleIds: ['brandubh'],
    sources: [RS, SPEC],
    decisions: [
      'The king beside the throne is captured by two attackers on opposite sides, not three plus the throne: in the 525 recorded games every such sandwich ended the game (10 of 10) and attacker-plus-empty-throne never did (rules.md 5.3).',
      'The throne is never hostile to the king; corners are hostile to every piece.',
    ],
  },
  rules: {
    size: 7,
    layout: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3',
    first: 'attackers',
    throne: {
      whoMayStop: 'king',
      whoMayPass: 'all',
      kingMayReturn: true,
      hostileTo: { attackers: 'always', defenders: 'empty', king: 'never' },
    },
    corners: {
      squares: ['a1', 'a7', 'g1', 'g7'],
      blockSize: 1,
      goal: 'point',
      whoMayStop: 'king', // rules.md section 3
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'always', king: 'always' },
    },
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'throne-4', immuneOnEdge: false, immuneBesideCorner: false },
    commanders: false,
    linnaeanCapture: false,
    shieldwall: null,
    exitFort: null,
    encirclement: true,
    escape: 'corners',
    repetition: { occurrences: 3, result: 'mover-loses' },
    noLegalMove: 'loses',
  },
};
