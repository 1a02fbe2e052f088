import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL, SPEC } from './sources.js';

/** Tablut 9×9 after Linnaeus (rules.md 5.4). */
export const tablut: VariantDefinition = {
  meta: {
    id: 'tablut',
    name: 'Tablut',
    description: "Linnaeus' Lapland tafl on 9×9: the king escapes to any edge square.",
    ruleIds: ['tablut'],
    sources: [OPENTAFL, SPEC],
    decisions: [
      'Once the king has left the throne nobody may stop on it; everyone may pass through it while it is empty (R-3).',
      'While the king is on the throne it is his square: he is armed, so he is the anvil against attackers; the empty throne is hostile to both sides.',
    ],
  },
  rules: {
    size: 9,
    layout: '3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3',
    first: 'attackers',
    throne: {
      whoMayStop: 'king',
      whoMayPass: 'all',
      kingMayReturn: false,
      hostileTo: { attackers: 'empty', defenders: 'empty', king: 'empty' },
    },
    corners: null,
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'graded', immuneOnEdge: false, immuneBesideCorner: false },
    commanders: false,
    linnaeanCapture: true,
    shieldwall: null,
    exitFort: null,
    encirclement: false,
    escape: 'edge',
    repetition: { occurrences: 3, result: 'draw' },
    noLegalMove: 'loses',
  },
};
