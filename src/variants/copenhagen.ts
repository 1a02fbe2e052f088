import { VariantDefinition } from './variant-definition.js';
import { AN_CPH, OPENTAFL, SPEC } from './sources.js';

/** Copenhagen Hnefatafl 11×11 (rules.md 5.2). */
export const copenhagen: VariantDefinition = {
  meta: {
    id: 'copenhagen',
    name: 'Copenhagen Hnefatafl',
    description: 'The modern 11×11 reference rules: hostile corners, shieldwall, exit fort and encirclement.',
    ruleIds: ['FET-1', 'FET-2', 'FET-3', 'FET-4', 'FET-6', 'FET-8', 'FET-10', 'CPH-1', 'CPH-2', 'CPH-3', 'CPH-4', 'CPH-5', 'CPH-6'],
    sources: [AN_CPH, OPENTAFL, SPEC],
    decisions: [
      'Shieldwall in the strict form: the moved piece must close one end of the row (CORE-7, OpenTafl swf:y).',
      'Repetition: the move that creates the third occurrence of a position loses for its player (OpenTafl tfr:w); aagenielsen.dk let 11 recorded games go on past it.',
    ],
  },
  rules: {
    size: 11,
    layout: '3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3', // as fetlar
    first: 'attackers', // FET-1
    throne: {
      whoMayStop: 'king', // FET-2
      whoMayPass: 'all',
      kingMayReturn: true,
      hostileTo: { attackers: 'always', defenders: 'empty', king: 'empty' }, // FET-4, CPH-5
    },
    corners: {
      squares: ['a1', 'a11', 'k1', 'k11'], // FET-3
      blockSize: 1,
      goal: 'point',
      whoMayStop: 'king', // rules.md section 3
      whoMayPass: 'king',
      hostileTo: { attackers: 'always', defenders: 'always', king: 'always' }, // CPH-1
    },
    king: { armed: true, armedAs: 'hammer-and-anvil', capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false }, // FET-6, CPH-5
    commanders: false,
    linnaeanCapture: false,
    shieldwall: { cornersMayClose: true, moverMustClose: true }, // CPH-2
    exitFort: { minWall: 1 }, // CPH-3
    encirclement: true, // CPH-4
    escape: 'corners', // FET-8
    repetition: { occurrences: 3, result: 'mover-loses' }, // CPH-6
    noLegalMove: 'loses', // FET-10
  },
};
