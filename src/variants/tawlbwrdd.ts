import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_TAWLBWRDD, SPEC } from './sources.js';

/** Tawlbwrdd 11×11 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const tawlbwrdd: VariantDefinition = {
  meta: {
    id: 'tawlbwrdd',
    name: 'Tawlbwrdd',
    description: "OpenTafl's Welsh 11×11 tafl on the Bell layout: no special squares, an armed king captured like a soldier, edge escape.",
    ruleIds: [],
    sources: [OPENTAFL_TAWLBWRDD, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (ka:y, surf:y, tfr:d).',
    ],
    otnSource:
      'dim:11 name:Tawlbwrdd esc:e atkf:y ks:w cor: cen: start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/',
  },
  rules: {
    size: 11,
    layout: '4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4', // start: (symmetric)
    first: 'attackers', // atkf:y
    throne: null, // cen:
    corners: null, // cor:
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'custodial-2', immuneOnEdge: false, immuneBesideCorner: false }, // ka:y, ks:w
    commanders: false,
    linnaeanCapture: false, // linc:n (default)
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: true, // surf:y (default)
    escape: 'edge', // esc:e
    repetition: { occurrences: 3, result: 'draw' }, // tfr:d (default)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
  },
};
