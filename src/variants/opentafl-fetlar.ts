import { openTaflDefaultCorners, openTaflDefaultThrone } from './opentafl-defaults.js';
import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_FETLAR, SPEC } from './sources.js';

/** Fetlar 11×11 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const opentaflFetlar: VariantDefinition = {
  meta: {
    id: 'opentafl-fetlar',
    name: 'Fetlar (OpenTafl)',
    description:
      "OpenTafl's Fetlar: the fetlar board and strong king immune on the edge, with surrounding fatal (encirclement) and a third repetition drawn.",
    ruleIds: [],
    sources: [OPENTAFL_FETLAR, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (esc:c, surf:y, tfr:d, ka:y, ks:s, the four corners hostile to every piece, the throne hostile to attackers and, empty, to defenders).',
      'Unlike fetlar (rules.md 4.1): the defenders lose when the attackers surround all of them, and the third occurrence of a position is a draw rather than a loss for the player who makes it. The corners are hostile to the king too, which never matters: beside a corner he stands on the edge, where he cannot be captured.',
    ],
    otnSource: 'dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/',
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
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: true, // surf:y (default)
    escape: 'corners', // esc:c (default)
    repetition: { occurrences: 3, result: 'draw' }, // tfr:d (default)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
  },
};
