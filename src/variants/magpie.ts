import { openTaflDefaultCorners, openTaflDefaultThrone } from './opentafl-defaults.js';
import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_MAGPIE, SPEC } from './sources.js';

/** Magpie 7×7 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const magpie: VariantDefinition = {
  meta: {
    id: 'magpie',
    name: 'Magpie (OpenTafl)',
    description:
      "OpenTafl's Magpie: Brandub's board with a king who moves one square at a time and is captured when attackers or hostile squares close every side he has on the board.",
    ruleIds: [],
    sources: [OPENTAFL_MAGPIE, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (esc:c, ka:y, tfr:d, the four corners hostile to every piece, the throne hostile to attackers and, empty, to defenders; only the king on the throne and the corners).',
      "The string, not the preset's Java class: Magpie inherits Brandub's isSpaceHostileToSide (a throne hostile to nobody) while its serializer writes the default throne hostility, so a live game against OpenTafl's preset and every reload of its record (GameSerializer reads the string) disagree on the throne; the string is what travels and what OpenTafl replays.",
      'spd:…,1,… written with 12 values (t c n k m g T C N K M G): only K, the king, is limited, to one square a move.',
    ],
    otnSource: 'dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
  },
  rules: {
    size: 7,
    layout: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3', // start: (symmetric, so the same read either way)
    first: 'attackers', // atkf:y
    throne: openTaflDefaultThrone(), // cen: and its sets left out
    corners: openTaflDefaultCorners(7), // cor: and its sets left out
    // ka:y; ks:m, OpenTafl's middleweight king: every side he has on the board hostile, so three on an edge.
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: false, immuneBesideCorner: false },
    commanders: false,
    linnaeanCapture: false, // linc:n (default)
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: false, // surf:n
    escape: 'corners', // esc:c (default)
    repetition: { occurrences: 3, result: 'draw' }, // tfr:d (default)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
    speedLimits: { attackers: null, defenders: null, king: 1 }, // spd: K at 1, every other type -1
  },
};
