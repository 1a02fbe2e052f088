import { openTaflDefaultCorners, openTaflDefaultThrone } from './opentafl-defaults.js';
import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_COPENHAGEN_RELAXED, SPEC } from './sources.js';

/** OpenTafl's Copenhagen with the relaxed shieldwall (rules.md 5.5): its rules are OpenTafl's for its string. */
export const copenhagenRelaxedShieldwall: VariantDefinition = {
  meta: {
    id: 'copenhagen-relaxed-shieldwall',
    name: 'Copenhagen, relaxed shieldwall (OpenTafl)',
    description:
      "OpenTafl's Copenhagen variant in which a shieldwall is captured by any move that completes it, not only by a move that closes one of its ends.",
    ruleIds: [],
    sources: [OPENTAFL_COPENHAGEN_RELAXED, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults: the rules are those of copenhagen but for swf:n.',
      "swf:n as docs/otn.md reads it (OTN-5): any move that completes a row of enemies on an edge, closed at both ends and fronted throughout by the mover's side, captures it. OpenTafl also removes rows of the mover's own side fronted by their own pieces, far from the move; that is kept out (docs/otn.md, class 3), as for every string with swf:n.",
    ],
    otnSource:
      'dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
  },
  rules: {
    size: 11,
    layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3', // start: (symmetric)
    first: 'attackers', // atkf:y
    throne: openTaflDefaultThrone(), // cen: and its sets left out
    corners: openTaflDefaultCorners(11), // cor: and its sets left out
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false }, // ka:y ks:s
    commanders: false,
    linnaeanCapture: false, // linc:n (default)
    shieldwall: { cornersMayClose: true, moverMustClose: false }, // sw:s swf:n
    exitFort: { minWall: 1 }, // efe:y
    encirclement: true, // surf:y (default)
    escape: 'corners', // esc:c (default)
    repetition: { occurrences: 3, result: 'mover-loses' }, // tfr:w
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
  },
};
