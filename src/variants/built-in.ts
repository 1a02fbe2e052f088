/** The list of built-in variant definitions, in the order the registry shows them. */
import { aleaEvangelii } from './alea-evangelii';
import { aleaEvangeliiCitadels } from './alea-evangelii-citadels';
import { brandubh } from './brandubh';
import { copenhagen } from './copenhagen';
import { fetlar } from './fetlar';
import { fetlarEdgeCapture } from './fetlar-edge-capture';
import { seaBattle } from './sea-battle';
import { tablut } from './tablut';
import { tawlbwrdd } from './tawlbwrdd';
import { unstAleaEvangelii } from './unst-alea-evangelii';
import { VariantDefinition } from './variant-definition';

export const BUILT_IN_DEFINITIONS: readonly VariantDefinition[] = [
  fetlar,
  fetlarEdgeCapture,
  unstAleaEvangelii,
  aleaEvangelii,
  aleaEvangeliiCitadels,
  copenhagen,
  brandubh,
  tablut,
  seaBattle,
  tawlbwrdd,
];
