/** The variants room's public surface: the built-ins, custom variants, their validation and descriptions. */
import { BUILT_IN_DEFINITIONS } from './built-in.js';
import { validateDefinition } from './validate-definition.js';

export { builtInVariant, builtInVariantIds, builtInVariants } from './built-in-variants.js';
export type { BuiltInVariant } from './built-in-variants.js';

export { BUILT_IN_DEFINITIONS, validateDefinition };
export { validateRules } from './validate-definition.js';
export { compileCustomVariant, customDefinition, customMeta } from './custom-variant.js';
export { CUSTOM_ID_PATTERN, canonicalJson, contentId, sameRules } from './content-id.js';
export type { CatalogEntry, CustomVariantStore, StoredCustomVariant } from './variant-catalog.js';
export type { CustomVariantInput, RulesOverrides } from './custom-variant.js';
export { CONDITION_WINNERS, describeVariant } from './describe-variant.js';
export type {
  CaptureRulesDescription,
  ConditionDescription,
  ConditionWinner,
  KingDescription,
  PieceDescription,
  SourceDescription,
  SpecialSquareDescription,
  MercenaryGuardAccessDescription,
  VariantDescription,
} from './describe-variant.js';
export type { Source, VariantDefinition, VariantMeta } from './variant-definition.js';
