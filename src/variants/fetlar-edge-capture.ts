import { VariantDefinition } from '../engine/definition';
import { fetlar } from './fetlar';
import { OPENTAFL, SEED_003, SPEC } from './sources';

/** Fetlar with the king also captured by three attackers against the edge (rules.md 5.1). */
export const fetlarEdgeCapture: VariantDefinition = {
  ...fetlar,
  id: 'fetlar-edge-capture',
  name: 'Fetlar Hnefatafl (edge capture)',
  description: 'Fetlar, except that three attackers capture the king against the board edge (OpenTafl ks:m).',
  king: { ...fetlar.king, immuneOnEdge: false },
  sources: [SEED_003, OPENTAFL, SPEC],
  decisions: [
    'On the edge the king is captured when all his on-board sides are hostile: three attackers (corners are not hostile to him, so a king beside a corner stays safe).',
    ...fetlar.decisions.slice(1),
  ],
};
