/** The variants room's public surface: the built-ins, custom variants, their validation and descriptions. */
import { BUILT_IN_DEFINITIONS } from './built-in';
import { validateDefinition } from './validate-definition';

export { builtInVariant, builtInVariantIds, builtInVariants } from './built-in-variants';
export type { BuiltInVariant } from './built-in-variants';

export { BUILT_IN_DEFINITIONS, validateDefinition };
export { validateRules } from './validate-definition';
export { compileCustomVariant, customDefinition, customMeta } from './custom-variant';
export { CUSTOM_ID_PATTERN, canonicalJson, contentId, sameRules } from './content-id';
export type { CatalogEntry, CustomVariantStore, StoredCustomVariant } from './variant-catalog';
export type { CustomVariantInput, RulesOverrides } from './custom-variant';
export { CONDITION_WINNERS, describeVariant } from './describe-variant';
export type {
  CaptureRulesDescription,
  ConditionDescription,
  ConditionWinner,
  KingDescription,
  PieceDescription,
  SourceDescription,
  SpecialSquareDescription,
  VariantDescription,
} from './describe-variant';
export type { Source, VariantDefinition, VariantMeta } from './variant-definition';
