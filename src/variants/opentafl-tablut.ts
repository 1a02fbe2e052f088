import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_TABLUT, SPEC } from './sources.js';

/** Tablut 9×9 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const opentaflTablut: VariantDefinition = {
  meta: {
    id: 'opentafl-tablut',
    name: 'Tablut (OpenTafl)',
    description:
      "OpenTafl's Tablut: the tablut board, edge escape, Linnaean capture and a king captured by four beside the throne, with surrounding fatal (encirclement).",
    ruleIds: [],
    sources: [OPENTAFL_TABLUT, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (surf:y, tfr:d, ka:y).',
      "Unlike tablut (rules.md 5.4): the defenders lose when the attackers surround all of them. cens: (nobody stops on the throne) plays as tablut's king who may not return to it: only he stands there, and only at the start.",
    ],
    otnSource:
      'dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
  },
  rules: {
    size: 9,
    layout: '3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3', // start: (symmetric)
    first: 'attackers', // atkf:y
    // cen: default (e5); cens: empty, cenp for all; cenh: empty (never while occupied), cenhe:tcnkTCNK (empty: all).
    throne: {
      whoMayStop: 'nobody',
      whoMayPass: 'all',
      kingMayReturn: true,
      hostileTo: { attackers: 'empty', defenders: 'empty', king: 'empty' },
    },
    corners: null, // cor: empty
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'graded', immuneOnEdge: false, immuneBesideCorner: false }, // ka:y ks:c
    commanders: false,
    linnaeanCapture: true, // linc:y
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: true, // surf:y (default)
    escape: 'edge', // esc:e
    repetition: { occurrences: 3, result: 'draw' }, // tfr:d (default)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
  },
};
