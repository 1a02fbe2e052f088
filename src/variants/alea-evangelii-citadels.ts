import { VariantDefinition } from '../engine/definition';
import { ALEA_LAYOUT } from './alea-evangelii';
import { SEED_001, SEED_002, SPEC } from './sources';

/** "Alea evangelii (Spiel)": castle, 2×2 citadels, unarmed king (rules.md 4.4). */
export const aleaEvangeliiCitadels: VariantDefinition = {
  id: 'alea-evangelii-citadels',
  name: 'Alea Evangelii (citadels)',
  description: 'The German-language ruleset: an unarmed king, a castle and four 2×2 citadels, passing when immobile.',
  size: 19,
  layout: ALEA_LAYOUT,
  first: 'attackers', // AEC-1
  throne: {
    square: 'j10',
    whoMayStop: 'king', // AEC-2
    whoMayPass: 'king',
    kingMayReturn: true,
    hostileTo: { attackers: 'always', defenders: 'never', king: 'never' }, // AEC-3, AEC-5
  },
  corners: {
    squares: ['a1', 'a19', 's1', 's19'],
    blockSize: 2,
    whoMayStop: 'king', // AEC-2
    whoMayPass: 'king',
    hostileTo: { attackers: 'always', defenders: 'never', king: 'never' }, // AEC-3, AEC-5
  },
  king: { armed: false, capture: 'castle-4', immuneOnEdge: false, immuneBesideCorner: false }, // AEC-4, AEC-5
  commanders: false,
  linnaeanCapture: false,
  shieldwall: false,
  exitFort: null,
  encirclement: false,
  escape: 'corners-then-edge-when-blocked', // AEC-6, AEC-8
  repetition: null, // AEC-10
  noLegalMove: 'pass', // AEC-9
  ruleIds: ['AEC-1', 'AEC-2', 'AEC-3', 'AEC-4', 'AEC-5', 'AEC-6', 'AEC-7', 'AEC-8', 'AEC-9', 'AEC-10'],
  sources: [SEED_001, SEED_002, SPEC],
  decisions: [
    'The layout is seed 002\'s diagram: seed 001 gives none.',
    'The castle and the citadel squares stay hostile to attackers while the king stands on them (R-4).',
    'The edge escape needs the king\'s own move to an edge square while all four corners are blocked (R-13).',
  ],
};
