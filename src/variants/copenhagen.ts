import { VariantDefinition } from '../engine/definition';
import { fetlar } from './fetlar';
import { AN_CPH, OPENTAFL, SPEC } from './sources';

/** Copenhagen Hnefatafl 11×11 (rules.md 5.2). */
export const copenhagen: VariantDefinition = {
  ...fetlar,
  id: 'copenhagen',
  name: 'Copenhagen Hnefatafl',
  description: 'The modern 11×11 reference rules: hostile corners, shieldwall, exit fort and encirclement.',
  corners: { ...fetlar.corners!, hostileTo: { attackers: 'always', defenders: 'always', king: 'always' } }, // CPH-1
  shieldwall: true, // CPH-2
  exitFort: { minWall: 1 }, // CPH-3
  encirclement: true, // CPH-4
  king: { armed: true, capture: 'strong-4', immuneOnEdge: true, immuneBesideCorner: false }, // CPH-5
  repetition: { occurrences: 3, result: 'mover-loses' }, // CPH-6
  ruleIds: ['FET-1', 'FET-2', 'FET-3', 'FET-4', 'FET-6', 'FET-8', 'FET-10', 'CPH-1', 'CPH-2', 'CPH-3', 'CPH-4', 'CPH-5', 'CPH-6'],
  sources: [AN_CPH, OPENTAFL, SPEC],
  decisions: [
    'Shieldwall in the strict form: the moved piece must close one end of the row (CORE-7, OpenTafl swf:y).',
    'Repetition: the move that creates the third occurrence of a position loses for its player (OpenTafl tfr:w); aagenielsen.dk let 11 recorded games go on past it.',
  ],
};
