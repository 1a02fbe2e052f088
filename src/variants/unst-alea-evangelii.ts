import { VariantDefinition } from './variant-definition.js';
import { SEED_000, SEED_002, SPEC } from './sources.js';

/** Unst Alea Evangelii 19×19 (rules.md 4.2). */
export const unstAleaEvangelii: VariantDefinition = {
  meta: {
    id: 'unst-alea-evangelii',
    name: 'Unst Alea Evangelii',
    description: "Sten Helmfrid's 19×19 reconstruction with four commanders, Linnaean capture, shieldwall, exit fort and encirclement.",
    ruleIds: [
      'UNST-1',
      'UNST-2',
      'UNST-3',
      'UNST-4',
      'UNST-5',
      'UNST-6',
      'UNST-7',
      'UNST-8',
      'UNST-9',
      'UNST-10',
      'UNST-11',
      'UNST-12',
      'UNST-13',
      'UNST-14',
    ],
    sources: [SEED_000, SEED_002, SPEC],
    decisions: [
      "Layout: seed 002's diagram (Helmfrid's picture is not available), with the four commanders on the king's neighbours j9, j11, i10, k10.",
      'Once the king has left the throne nobody may stop on it (R-3).',
      '"Next to a corner" means orthogonally adjacent (R-6).',
      'A commander counts on-board hostile sides only: attackers, corners, the empty throne, the occupied throne in the Linnaean configuration (R-7).',
    ],
  },
  rules: {
    size: 19,
    // Seed 002's diagram with commanders (C) on j9, j11, i10, k10.
    layout:
      '2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1C1T2T4/3t2T1CKC1T2t3/4T2T1C1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2',
    first: 'attackers', // UNST-1
    throne: {
      whoMayStop: 'king', // UNST-2
      whoMayPass: 'all',
      kingMayReturn: false,
      hostileTo: { attackers: 'always', defenders: 'empty', king: 'empty' }, // UNST-4, UNST-10
    },
    corners: {
      squares: ['a1', 'a19', 's1', 's19'], // UNST-3
      blockSize: 1,
      goal: 'point',
      whoMayStop: 'king', // rules.md section 3
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'always', king: 'never' }, // UNST-3
    },
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'graded', immuneOnEdge: true, immuneBesideCorner: true }, // UNST-6, UNST-10
    commanders: true, // UNST-8
    linnaeanCapture: true, // UNST-5
    shieldwall: { cornersMayClose: true, moverMustClose: true }, // UNST-7, UNST-9
    exitFort: { minWall: 4 }, // UNST-11
    encirclement: true, // UNST-12
    escape: 'corners', // UNST-11
    repetition: { occurrences: 3, result: 'mover-loses' }, // UNST-13
    noLegalMove: 'loses', // UNST-14
  },
};
