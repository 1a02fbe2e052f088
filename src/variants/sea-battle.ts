import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_SEA_BATTLE, SPEC } from './sources.js';

/** Sea Battle 9×9 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const seaBattle: VariantDefinition = {
  meta: {
    id: 'sea-battle',
    name: 'Sea Battle',
    description: 'OpenTafl\'s 9×9 "Sea Battles": no special squares, an unarmed king that escapes to any edge square.',
    ruleIds: [],
    sources: [OPENTAFL_SEA_BATTLE, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (ks:s, surf:y, tfr:d, atkf:y).',
      'A king captured on four sides and never on the edge, where he has escaped anyway (OpenTafl ks:s).',
    ],
    otnSource: 'dim:9 esc:e ka:n cen: cenhe: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
  },
  rules: {
    size: 9,
    layout: '3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3', // start: (symmetric, so the same read either way)
    first: 'attackers', // atkf:y (default)
    throne: null, // cen: (no centre space)
    corners: null, // cor: (no corner spaces)
    king: { armed: false, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false }, // ka:n, ks:s
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
