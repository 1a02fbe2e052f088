/** The variant registry's shapes for both transports; filled by describeVariant (src/variants). */
import { ApiProperty } from '@nestjs/swagger';
import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Hostility', { description: 'When a special square counts as an enemy: never | empty | always.' })
export class HostilityView {
  @Field() @ApiProperty({ enum: ['never', 'empty', 'always'] }) attackers!: string;
  @Field({ description: 'Defender soldiers and commanders.' }) @ApiProperty({ enum: ['never', 'empty', 'always'] }) defenders!: string;
  @Field() @ApiProperty({ enum: ['never', 'empty', 'always'] }) king!: string;
}

@ObjectType('SpecialSquare')
export class SpecialSquareView {
  @Field({ description: 'throne | corner | citadel' }) @ApiProperty({ enum: ['throne', 'corner', 'citadel'] }) kind!: string;
  @Field(() => [String]) @ApiProperty({ type: [String], example: ['a1', 'a11', 'k1', 'k11'] }) squares!: string[];
  @Field({ description: 'The king wins by reaching one of these squares.' }) @ApiProperty() escape!: boolean;
  @Field({ description: 'all | king | nobody' }) @ApiProperty({ enum: ['all', 'king', 'nobody'] }) whoMayStop!: string;
  @Field({ description: 'all | king | nobody (while empty)' }) @ApiProperty({ enum: ['all', 'king', 'nobody'] }) whoMayPass!: string;
  @Field(() => Boolean, { nullable: true, description: 'Thrones: may the king stop on it again after leaving it.' })
  @ApiProperty({ type: Boolean, nullable: true })
  kingMayReturn!: boolean | null;
  @Field(() => HostilityView) @ApiProperty({ type: HostilityView }) hostileTo!: HostilityView;
}

@ObjectType('PieceKind')
export class PieceKindView {
  @Field({ description: 'TFEN letter.' }) @ApiProperty({ example: 't' }) letter!: string;
  @Field() @ApiProperty({ example: 'attacker' }) name!: string;
  @Field() @ApiProperty({ enum: ['attackers', 'defenders'] }) side!: string;
  @Field(() => Int, { description: 'How many stand in the start position.' }) @ApiProperty() count!: number;
  @Field({ description: 'How this piece is captured.' }) @ApiProperty() capturedBy!: string;
}

@ObjectType('KingRules')
export class KingRulesView {
  @Field() @ApiProperty() armed!: boolean;
  @Field({ description: 'custodial-2 | strong-4 | graded | throne-4 | castle-4' })
  @ApiProperty({ enum: ['custodial-2', 'strong-4', 'graded', 'throne-4', 'castle-4'] })
  capture!: string;
  @Field() @ApiProperty() immuneOnEdge!: boolean;
  @Field() @ApiProperty() immuneBesideCorner!: boolean;
  @Field() @ApiProperty() description!: string;
}

@ObjectType('CaptureRules')
export class CaptureRulesView {
  @Field() @ApiProperty() custodial!: string;
  @Field() @ApiProperty() shieldwall!: boolean;
  @Field() @ApiProperty() linnaeanCapture!: boolean;
  @Field() @ApiProperty() commanders!: boolean;
}

@ObjectType('ExitFortRule')
export class ExitFortView {
  @Field(() => Int) @ApiProperty() minWall!: number;
}

@ObjectType('RepetitionRule')
export class RepetitionView {
  @Field(() => Int) @ApiProperty({ example: 3 }) occurrences!: number;
  @Field({ description: 'draw | mover-loses' }) @ApiProperty({ enum: ['draw', 'mover-loses'] }) result!: string;
}

@ObjectType('EndCondition')
export class EndConditionView {
  @Field({ description: 'attackers | defenders | draw | opponent (of the side that made the deciding move)' })
  @ApiProperty({ enum: ['attackers', 'defenders', 'draw', 'opponent'] })
  winner!: string;
  @Field({ description: 'The outcome reason this condition produces.' }) @ApiProperty() reason!: string;
  @Field() @ApiProperty() description!: string;
}

@ObjectType('Source')
export class SourceView {
  @Field() @ApiProperty({ example: 'AN-CPH' }) name!: string;
  @Field() @ApiProperty() note!: string;
  @Field(() => String, { nullable: true }) @ApiProperty({ type: String, nullable: true }) url!: string | null;
}

@ObjectType('Variant', { description: 'A ruleset as the engine runs it.' })
export class VariantView {
  @Field() @ApiProperty({ example: 'copenhagen' }) id!: string;
  @Field() @ApiProperty({ example: 'Copenhagen Hnefatafl' }) name!: string;
  @Field() @ApiProperty() description!: string;
  @Field(() => Int) @ApiProperty({ example: 11 }) size!: number;
  @Field({ description: 'attackers | defenders' }) @ApiProperty({ enum: ['attackers', 'defenders'] }) firstSide!: string;
  @Field({ description: 'TFEN of the start position.' }) @ApiProperty() startPosition!: string;
  @Field(() => [SpecialSquareView]) @ApiProperty({ type: [SpecialSquareView] }) specialSquares!: SpecialSquareView[];
  @Field(() => [PieceKindView]) @ApiProperty({ type: [PieceKindView] }) pieces!: PieceKindView[];
  @Field(() => KingRulesView) @ApiProperty({ type: KingRulesView }) king!: KingRulesView;
  @Field(() => CaptureRulesView) @ApiProperty({ type: CaptureRulesView }) captureRules!: CaptureRulesView;
  @Field({ description: 'corners | edge | corners-then-edge-when-blocked' })
  @ApiProperty({ enum: ['corners', 'edge', 'corners-then-edge-when-blocked'] })
  escape!: string;
  @Field(() => ExitFortView, { nullable: true }) @ApiProperty({ type: ExitFortView, nullable: true }) exitFort!: ExitFortView | null;
  @Field() @ApiProperty() encirclement!: boolean;
  @Field(() => RepetitionView, { nullable: true }) @ApiProperty({ type: RepetitionView, nullable: true }) repetition!: RepetitionView | null;
  @Field({ description: 'loses | pass | draw' }) @ApiProperty({ enum: ['loses', 'pass', 'draw'] }) noLegalMove!: string;
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
}
