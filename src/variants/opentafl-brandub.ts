import { VariantDefinition } from './variant-definition.js';
import { OPENTAFL_BRANDUB, SPEC } from './sources.js';

/** Brandub 7×7 as OpenTafl defines it (rules.md 5.5): its rules are OpenTafl's for its string. */
export const opentaflBrandub: VariantDefinition = {
  meta: {
    id: 'opentafl-brandub',
    name: 'Brandub (OpenTafl)',
    description:
      "OpenTafl's 7×7 Brandub: a weak armed king captured by two like a soldier, a throne never hostile, hostile corners, no encirclement.",
    ruleIds: [],
    sources: [OPENTAFL_BRANDUB, SPEC],
    decisions: [
      'Defined by its OpenTafl rules string (rules.md 5.5); every key is read as docs/otn.md says, the keys left out at their OpenTafl defaults (esc:c, ka:y, tfr:d, the four corners hostile to every piece, only the king on the throne and the corners).',
      'surf:n as OpenTafl\'s rules serializer writes for its Brandub preset (isSurroundingFatal is false there), not the notation specification\'s shorter example, which leaves surf at its default "y".',
    ],
    otnSource: 'dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
  },
  rules: {
    size: 7,
    layout: '3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3', // start: (symmetric, so the same read either way)
    first: 'attackers', // atkf:y
    // cen: default (d4); cens:K, cenp and cenre for all (defaults); cenh: and cenhe: empty, never hostile.
    throne: {
      whoMayStop: 'king',
      whoMayPass: 'all',
      kingMayReturn: true,
      hostileTo: { attackers: 'never', defenders: 'never', king: 'never' },
    },
    // cor: default (the four corners); corp:K, cors:K, corh hostile to every piece (defaults).
    corners: {
      squares: ['a1', 'a7', 'g1', 'g7'],
      blockSize: 1,
      goal: 'point',
      whoMayStop: 'king',
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'always', king: 'always' },
    },
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'custodial-2', immuneOnEdge: false, immuneBesideCorner: false }, // ka:y, ks:w
    commanders: false,
    linnaeanCapture: false, // linc:n (default)
    shieldwall: null, // sw:n (default)
    exitFort: null, // efe:n (default)
    encirclement: false, // surf:n
    escape: 'corners', // esc:c (default)
    repetition: { occurrences: 3, result: 'draw' }, // tfr:d (default)
    noLegalMove: 'loses', // OpenTafl: a side with no legal move loses
  },
};
