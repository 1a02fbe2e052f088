/**
 * The variant registry's shapes for both transports. Each view implements the description it carries
 * (src/variants/describe-variant.ts), so describeVariant's answer is a VariantView without a cast, and
 * every enum is derived from its value set (src/engine/values.ts).
 *
 * GraphQL gets an enum where the values are valid GraphQL names; where they hold a hyphen
 * ('custodial-2', 'mover-loses') it gets a String whose description lists the values.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  BERSERK_MODES,
  BOARD_OUTCOME_REASONS,
  BerserkMode,
  BoardOutcomeReason,
  ESCAPE_RULES,
  EscapeRule,
  HOSTILITIES,
  Hostility,
  KING_ARMS,
  KING_CAPTURES,
  KingArms,
  KingCapture,
  NO_LEGAL_MOVE_RULES,
  NoLegalMoveRule,
  PIECE_LETTERS,
  PieceLetter,
  REPETITION_RESULTS,
  RepetitionResult,
  SIDES,
  SPECIAL_SQUARE_KINDS,
  SideName,
  SpecialSquareKind,
  WHO,
  Who,
} from '../../engine';
import { enumObject, OutcomeReasonEnum, SideEnum } from '../../http/enums';
import {
  CONDITION_WINNERS,
  CaptureRulesDescription,
  ConditionDescription,
  ConditionWinner,
  KingDescription,
  PieceDescription,
  SourceDescription,
  SpecialSquareDescription,
  MercenaryGuardAccessDescription,
} from '../../variants';
import type { ExitFortRule, HostilityTable, RepetitionRule, RulesetDefinition, ShieldwallRule } from '../../engine';
import { JsonScalar } from '../../http/json.scalar';
import type { RegistryVariant } from '../../tafl-rules/registry-variant';
import type { ParsedVariant } from './variants.service';

const HostilityEnum = enumObject(HOSTILITIES);
const WhoEnum = enumObject(WHO);
const SpecialSquareKindEnum = enumObject(SPECIAL_SQUARE_KINDS);
const NoLegalMoveEnum = enumObject(NO_LEGAL_MOVE_RULES);
const ConditionWinnerEnum = enumObject(CONDITION_WINNERS);

registerEnumType(HostilityEnum, { name: 'HostileWhen', description: 'When a special square counts as an enemy.' });
registerEnumType(WhoEnum, { name: 'WhoMay', description: 'Which pieces may stop on or pass a special square.' });
registerEnumType(SpecialSquareKindEnum, { name: 'SpecialSquareKind' });
registerEnumType(NoLegalMoveEnum, { name: 'NoLegalMoveRule', description: 'What happens to a side with no legal move.' });
registerEnumType(ConditionWinnerEnum, { name: 'ConditionWinner', description: 'opponent: of the side that made the deciding move.' });

/** For value sets GraphQL cannot name as an enum: the values, for the field's description. */
const oneOf = (values: readonly string[]): string => values.join(' | ');

@ObjectType('Hostility', { description: 'When a special square counts as an enemy, per kind of piece captured against it.' })
export class HostilityView implements HostilityTable {
  @Field(() => HostilityEnum) @ApiProperty({ enum: HOSTILITIES }) attackers!: Hostility;
  @Field(() => HostilityEnum, { description: 'Defender soldiers and commanders.' })
  @ApiProperty({ enum: HOSTILITIES })
  defenders!: Hostility;
  @Field(() => HostilityEnum) @ApiProperty({ enum: HOSTILITIES }) king!: Hostility;
}

@ObjectType('MercenaryGuardAccess', {
  description: "OpenTafl's mercenaries and guards (m M g G) on a kind of special square: the letters each permission admits.",
})
export class MercenaryGuardAccessView implements MercenaryGuardAccessDescription {
  @Field(() => String) @ApiProperty({ example: 'mM' }) stop!: string;
  @Field(() => String, { description: 'While the square is empty.' }) @ApiProperty({ example: 'mM' }) pass!: string;
  @Field(() => String, { nullable: true, description: 'Where a jump may end, where that differs from stop.' })
  @ApiProperty({ type: String, nullable: true })
  land!: string | null;
  @Field(() => String, { nullable: true, description: 'Forts: stopping on or passing one from another kind of square.' })
  @ApiProperty({ type: String, nullable: true })
  enter!: string | null;
}

@ObjectType('SpecialSquare')
export class SpecialSquareView implements SpecialSquareDescription {
  @Field(() => SpecialSquareKindEnum) @ApiProperty({ enum: SPECIAL_SQUARE_KINDS }) kind!: SpecialSquareKind;
  @Field(() => [String]) @ApiProperty({ type: [String], example: ['a1', 'a11', 'k1', 'k11'] }) squares!: string[];
  @Field(() => Boolean, { description: 'The king wins by reaching one of these squares.' }) @ApiProperty() escape!: boolean;
  @Field(() => WhoEnum) @ApiProperty({ enum: WHO }) whoMayStop!: Who;
  @Field(() => WhoEnum, { description: 'While the square is empty.' }) @ApiProperty({ enum: WHO }) whoMayPass!: Who;
  @Field(() => Boolean, { nullable: true, description: 'Thrones: may the king stop on it again after leaving it.' })
  @ApiProperty({ type: Boolean, nullable: true })
  kingMayReturn!: boolean | null;
  @Field(() => HostilityView) @ApiProperty({ type: HostilityView }) hostileTo!: HostilityView;
  @Field(() => SideEnum, {
    nullable: true,
    description:
      'Forts: the side whose fort it is (OpenTafl afor/dfor); whoMayStop and whoMayPass hold for a piece already on one, and whoMayEnter for one from elsewhere.',
  })
  @ApiProperty({ enum: SIDES, nullable: true, description: 'Forts: the side whose fort it is (OpenTafl afor/dfor).' })
  fortOf!: SideName | null;
  @Field(() => WhoEnum, { nullable: true, description: 'Forts: who may stop on or pass one coming from another kind of square.' })
  @ApiProperty({ enum: WHO, nullable: true })
  whoMayEnter!: Who | null;
  @Field(() => MercenaryGuardAccessView, {
    nullable: true,
    description:
      "Where the variant holds OpenTafl's mercenaries or guards: where they may go (the Who values do not name them); else null.",
  })
  @ApiProperty({ type: MercenaryGuardAccessView, nullable: true })
  mercenariesAndGuards!: MercenaryGuardAccessView | null;
}

@ObjectType('PieceKind')
export class PieceKindView implements PieceDescription {
  @Field(() => String, { description: `TFEN letter: ${oneOf(PIECE_LETTERS)}.` })
  @ApiProperty({ enum: PIECE_LETTERS, example: 't' })
  letter!: PieceLetter;
  @Field(() => String) @ApiProperty({ example: 'attacker' }) name!: string;
  @Field(() => SideEnum) @ApiProperty({ enum: SIDES }) side!: SideName;
  @Field(() => Int, { description: 'How many stand in the start position.' }) @ApiProperty() count!: number;
  @Field(() => String, { description: 'How this piece is captured.' }) @ApiProperty() capturedBy!: string;
}

@ObjectType('KingRules')
export class KingRulesView implements KingDescription {
  @Field(() => Boolean) @ApiProperty() armed!: boolean;
  @Field(() => String, { description: `How an armed king captures: ${oneOf(KING_ARMS)}.` })
  @ApiProperty({ enum: KING_ARMS })
  armedAs!: KingArms;
  @Field(() => String, { description: oneOf(KING_CAPTURES) }) @ApiProperty({ enum: KING_CAPTURES }) capture!: KingCapture;
  @Field(() => Boolean) @ApiProperty() immuneOnEdge!: boolean;
  @Field(() => Boolean) @ApiProperty() immuneBesideCorner!: boolean;
  @Field(() => String) @ApiProperty() description!: string;
}

@ObjectType('ShieldwallRule')
export class ShieldwallView implements ShieldwallRule {
  @Field(() => Boolean, { description: 'A corner hostile to the row may close one end (OpenTafl sw:s).' })
  @ApiProperty()
  cornersMayClose!: boolean;
  @Field(() => Boolean, { description: 'The moved piece must close one end (OpenTafl swf:y).' })
  @ApiProperty()
  moverMustClose!: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: 'The king fronts and closes a row whatever his arms (OTN-9, OpenTafl strings); absent: as his arms allow.',
  })
  @ApiProperty({ required: false })
  kingAlwaysArmed?: boolean;
}

@ObjectType('CaptureRules')
export class CaptureRulesView implements CaptureRulesDescription {
  @Field(() => String) @ApiProperty() custodial!: string;
  @Field(() => Boolean) @ApiProperty() shieldwall!: boolean;
  @Field(() => ShieldwallView, { nullable: true })
  @ApiProperty({ type: ShieldwallView, nullable: true })
  shieldwallRule!: ShieldwallView | null;
  @Field(() => Boolean) @ApiProperty() linnaeanCapture!: boolean;
  @Field(() => Boolean) @ApiProperty() commanders!: boolean;
  @Field(() => String, {
    nullable: true,
    description: `OpenTafl's berserk (OTN-13): after a capture the same piece moves again while it can capture (capture) or move (any-move); null where turns alternate. ${oneOf(BERSERK_MODES)}`,
  })
  @ApiProperty({ enum: BERSERK_MODES, nullable: true, type: String })
  berserk!: BerserkMode | null;
}

@ObjectType('ExitFortRule')
export class ExitFortView implements ExitFortRule {
  @Field(() => Int) @ApiProperty() minWall!: number;
}

@ObjectType('RepetitionRule')
export class RepetitionView implements RepetitionRule {
  @Field(() => Int) @ApiProperty({ example: 3 }) occurrences!: number;
  @Field(() => String, { description: oneOf(REPETITION_RESULTS) }) @ApiProperty({ enum: REPETITION_RESULTS }) result!: RepetitionResult;
}

@ObjectType('EndCondition')
export class EndConditionView implements ConditionDescription {
  @Field(() => ConditionWinnerEnum, { description: 'opponent: of the side that made the deciding move.' })
  @ApiProperty({ enum: CONDITION_WINNERS })
  winner!: ConditionWinner;
  @Field(() => OutcomeReasonEnum, { description: 'The outcome reason this condition produces.' })
  @ApiProperty({ enum: BOARD_OUTCOME_REASONS })
  reason!: BoardOutcomeReason;
  @Field(() => String) @ApiProperty() description!: string;
}

@ObjectType('Source')
export class SourceView implements SourceDescription {
  @Field(() => String) @ApiProperty({ example: 'AN-CPH' }) name!: string;
  @Field(() => String) @ApiProperty() note!: string;
  @Field(() => String, { nullable: true }) @ApiProperty({ type: String, nullable: true }) url!: string | null;
}

@ObjectType('Variant', { description: 'A ruleset as the engine runs it.' })
export class VariantView implements RegistryVariant {
  @Field(() => String) @ApiProperty({ example: 'copenhagen' }) id!: string;
  @Field(() => String) @ApiProperty({ example: 'Copenhagen Hnefatafl' }) name!: string;
  @Field(() => String) @ApiProperty() description!: string;
  @Field(() => Int) @ApiProperty({ example: 11 }) size!: number;
  @Field(() => SideEnum) @ApiProperty({ enum: SIDES }) firstSide!: SideName;
  @Field(() => String, { description: 'TFEN of the start position.' }) @ApiProperty() startPosition!: string;
  @Field(() => [SpecialSquareView]) @ApiProperty({ type: [SpecialSquareView] }) specialSquares!: SpecialSquareView[];
  @Field(() => [PieceKindView]) @ApiProperty({ type: [PieceKindView] }) pieces!: PieceKindView[];
  @Field(() => KingRulesView) @ApiProperty({ type: KingRulesView }) king!: KingRulesView;
  @Field(() => CaptureRulesView) @ApiProperty({ type: CaptureRulesView }) captureRules!: CaptureRulesView;
  @Field(() => String, { description: oneOf(ESCAPE_RULES) }) @ApiProperty({ enum: ESCAPE_RULES }) escape!: EscapeRule;
  @Field(() => ExitFortView, { nullable: true }) @ApiProperty({ type: ExitFortView, nullable: true }) exitFort!: ExitFortView | null;
  @Field(() => Boolean) @ApiProperty() encirclement!: boolean;
  @Field(() => RepetitionView, { nullable: true })
  @ApiProperty({ type: RepetitionView, nullable: true })
  repetition!: RepetitionView | null;
  @Field(() => NoLegalMoveEnum) @ApiProperty({ enum: NO_LEGAL_MOVE_RULES }) noLegalMove!: NoLegalMoveRule;
  @Field(() => [EndConditionView], { description: 'How the game ends, in the order they are checked.' })
  @ApiProperty({ type: [EndConditionView] })
  endConditions!: EndConditionView[];
  @Field(() => [String], { description: 'Rule ids of the rules specification this variant implements.' })
  @ApiProperty({ type: [String] })
  ruleIds!: string[];
  @Field(() => [SourceView]) @ApiProperty({ type: [SourceView] }) sources!: SourceView[];
  @Field(() => [String], { description: 'Readings chosen where the rule texts leave a point open.' })
  @ApiProperty({ type: [String] })
  decisions!: string[];
  @Field(() => JsonScalar, { description: 'The data the engine runs on: the shape a custom `definition` takes.' })
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The data the engine runs on: the shape a custom `definition` takes.',
  })
  definition!: RulesetDefinition;
  @Field(() => String, {
    nullable: true,
    description: 'Its OpenTafl rules string with every key written out (dim first, starti last), or null (see otnUnsupported).',
  })
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Its OpenTafl rules string with every key written out (dim first, starti last), or null (see otnUnsupported).',
  })
  otn!: string | null;
  @Field(() => [String], { description: 'Each rule OpenTafl keys cannot say, in a sentence (empty when otn is a string).' })
  @ApiProperty({ type: [String], description: 'Each rule OpenTafl keys cannot say, in a sentence (empty when otn is a string).' })
  otnUnsupported!: string[];
}

@ObjectType('ParsedVariant', { description: 'A validated custom definition and how the registry would describe it (nothing stored).' })
export class ParsedVariantView implements ParsedVariant {
  @Field(() => JsonScalar) @ApiProperty({ type: 'object', additionalProperties: true }) definition!: RulesetDefinition;
  @Field(() => VariantView) @ApiProperty({ type: VariantView }) variant!: VariantView;
}

/** The body of POST /v1/variants/parse and POST /v1/variants: exactly one of otn and definition. */
export class VariantSourceRequest {
  @ApiPropertyOptional({
    description: 'An OpenTafl rules string.',
    example: 'dim:9 esc:e ka:n cen: cenhe: cor: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
    type: String,
  })
  @IsOptional()
  @IsString()
  otn?: string;

  @ApiPropertyOptional({
    description: "A definition: `{ base?, …overrides }` of a built-in, or complete rules (the shape of a variant's `definition`).",
    type: 'object',
    additionalProperties: true,
    example: { base: 'copenhagen', repetition: null },
  })
  @IsOptional()
  @IsObject()
  definition?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'A name for the variant (else the otn name, or a default).', type: String, example: 'My tafl' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  name?: string;
}
