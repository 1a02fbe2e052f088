import { VariantDefinition } from './variant-definition.js';
import { SEED_002, SPEC } from './sources.js';

/** Alea Evangelii 19×19, cyningstan reconstruction (rules.md 4.3). */
export const aleaEvangelii: VariantDefinition = {
  meta: {
    id: 'alea-evangelii',
    name: 'Alea Evangelii',
    description: 'The 19×19 Anglo-Saxon game as reconstructed by cyningstan: defenders first, graded king capture.',
    ruleIds: ['AE-1', 'AE-2', 'AE-3', 'AE-4', 'AE-5', 'AE-6', 'AE-7', 'AE-8', 'AE-9'],
    sources: [SEED_002, SPEC],
    decisions: [
      'While the king sits on the throne it is simply his square: he is armed, so he is an anvil for the defenders (AE-4).',
      'Elsewhere the king is captured like a soldier, on the edge too, a corner counting as an attacker (AE-7).',
    ],
  },
  rules: {
    size: 19,
    // Seed 002's diagram: 48 attackers, 24 defenders, the king on j10.
    layout:
      '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2',
    first: 'defenders', // AE-1
    throne: {
      whoMayStop: 'king', // AE-2
      whoMayPass: 'all',
      kingMayReturn: true,
      hostileTo: { attackers: 'empty', defenders: 'empty', king: 'empty' }, // AE-4
    },
    corners: {
      squares: ['a1', 'a19', 's1', 's19'], // AE-3
      blockSize: 1,
      goal: 'point',
      whoMayStop: 'king', // rules.md section 3
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'always', king: 'always' }, // AE-5
    },
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'graded', immuneOnEdge: false, immuneBesideCorner: false }, // AE-6, AE-7
    commanders: false,
    linnaeanCapture: false,
    shieldwall: null,
    exitFort: null,
    encirclement: false,
    escape: 'corners', // AE-3
    repetition: { occurrences: 3, result: 'draw' }, // AE-8
    noLegalMove: 'draw', // AE-9
  },
};
