import { openTaflDefaultCorners, openTaflDefaultThrone } from './opentafl-defaults.js';
import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_BERSERK, SPEC } from './sources.js';

/** Berserk 11×11 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const opentaflBerserk: VariantDefinition = {
  meta: {
    id: 'opentafl-berserk',
    name: 'Berserk (OpenTafl)',
    description:
      "OpenTafl's Berserk: the defenders move first; four attacker commanders and a defender knight jump, the king jumps from or onto the throne and the corners, only commanders and knights take the king, and a piece that captures moves again while it can capture.",
    ruleIds: ['OTN-12', 'OTN-13'],
    sources: [OPENTAFL_BERSERK, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (esc:c, ka:y, ks:s, nj:c, cj:j, the four corners hostile to every piece, the throne hostile to attackers and, empty, to defenders).',
      "The king is taken as OpenTafl's engine takes a strong king once the attackers have commanders or knights (commanders-2, OTN-12): between two of them, or one of them and a hostile corner, never on or against the throne; four plain attackers do not take him.",
      'Berserk (OTN-13): after a capture the capturing piece moves again, any of its moves, while it has a capturing move; no other piece may move meanwhile, and a repetition is not judged until the turn passes.',
      "OpenTafl's own Berserk class and this string play alike: 20 seeded games of 300 plies did not diverge.",
    ],
    otnSource:
      'dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/',
  },
  rules: {
    size: 11,
    // start: lists rank 1 first, so its knight on rank 5 stands on e5.
    layout: '3ttttt3/5c5/11/t4T4t/t3TTT3t/tc1TTKTT1ct/t3NTT3t/t4T4t/11/5c5/3ttttt3',
    first: 'defenders', // atkf:n
    throne: openTaflDefaultThrone(), // cen: and its sets left out
    corners: openTaflDefaultCorners(11), // cor: and its sets left out
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'commanders-2', immuneOnEdge: false, immuneBesideCorner: false }, // ka:y ks:s with commanders
    commanders: false, // OpenTafl's commanders are not Unst's (UNST-8)
    linnaeanCapture: false, // linc:n (default)
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: false, // surf:n
    escape: 'corners', // esc:c (default)
    repetition: { occurrences: 3, result: 'mover-wins' }, // tfr:l, as OpenTafl's engine reads it (docs/otn.md)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
    jumps: { king: 'restricted', knights: 'capture', commanders: 'jump' }, // kj:r, nj:c and cj:j (defaults)
    berserk: 'capture', // ber:c
  },
};
