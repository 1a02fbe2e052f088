/** The list of built-in variant definitions, in the order the registry shows them. */
import { aleaEvangelii } from './alea-evangelii.js';
import { aleaEvangeliiCitadels } from './alea-evangelii-citadels.js';
import { brandubh } from './brandubh.js';
import { copenhagen } from './copenhagen.js';
import { copenhagenRelaxedShieldwall } from './copenhagen-relaxed-shieldwall.js';
import { fetlar } from './fetlar.js';
import { fetlarEdgeCapture } from './fetlar-edge-capture.js';
import { fotevikenTablut } from './foteviken-tablut.js';
import { magpie } from './magpie.js';
import { opentaflBerserk } from './opentafl-berserk.js';
import { opentaflBrandub } from './opentafl-brandub.js';
import { opentaflFetlar } from './opentafl-fetlar.js';
import { opentaflTablut } from './opentafl-tablut.js';
import { seaBattle } from './sea-battle.js';
import { tablut } from './tablut.js';
import { tawlbwrdd } from './tawlbwrdd.js';
import { unstAleaEvangelii } from './unst-alea-evangelii.js';
import { VariantDefinition } from './variant-definition.js';

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
  opentaflBrandub,
  magpie,
  fotevikenTablut,
  copenhagenRelaxedShieldwall,
  opentaflFetlar,
  opentaflTablut,
  opentaflBerserk,
];
