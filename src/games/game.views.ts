/** Shapes of stored games for both transports (api.md section 5). */
import { OptionalInteger } from '../http/optional-integer';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';
import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { SIDES, SideName } from '../engine';
import { SideEnum } from '../http/enums';
import { MoveView, OutcomeView } from '../http/views/move-outcome.views';
import { ImageLinksView } from '../http/views/image-links.view';
import { JsonScalar } from '../http/json.scalar';
import { ClocksView, GameOptionsView, TimeControlView } from './clocks/clock.views';
import { WebhookRequest } from './webhooks/webhook.views';
import { InviteView, IsNameOrOpenSeat, SeatsView } from './seats';

@ObjectType('Players')
export class PlayersView {
  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Alice' })
  attackers?: string | null;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: String, nullable: true, example: 'Bob' })
  defenders?: string | null;
}

/** `{ "open": true }` in place of a name: the seat is left to whoever claims it (api.md section 11). */
export class OpenSeatRequest {
  @ApiProperty({ enum: [true], description: 'Leave this side to whoever claims it with the invite code.' }) open!: true;
}

/** A name or an open seat (ApiProperty's object form takes `oneOf` only with a type beside it). */
const seatOrName = (example: unknown): ApiPropertyOptions =>
  ({
    oneOf: [{ type: 'string' }, { $ref: getSchemaPath(OpenSeatRequest) }],
    nullable: true,
    example,
    description: 'A name, or `{ "open": true }` to leave the seat open.',
  }) as ApiPropertyOptions;

@InputType('PlayersInput')
@ApiExtraModels(OpenSeatRequest)
export class PlayersRequest {
  @Field(() => String, { nullable: true })
  @ApiPropertyOptional(seatOrName('Alice'))
  @IsOptional()
  @IsNameOrOpenSeat()
  attackers?: string | OpenSeatRequest | null;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional(seatOrName({ open: true }))
  @IsOptional()
  @IsNameOrOpenSeat()
  defenders?: string | OpenSeatRequest | null;

  @Field(() => SideEnum, { nullable: true, description: "The side left open (GraphQL's way of writing `{ open: true }`)." })
  @ApiPropertyOptional({ enum: SIDES, enumName: 'Side', description: 'The side left open: another way of writing `{ "open": true }`.' })
  @IsOptional()
  @IsIn(SIDES)
  open?: SideName | null;
}

const ENGINE_DESCRIPTION =
  "An external engine that plays this side over OpenTafl's engine protocol, by a name the operator allows (ENGINES; api.md " +
  'section 15); absent: the built-in search. Without a time control the engine has budgetMs per move; it loses on ' +
  'engine_failure when it crashes, answers an illegal move or overruns.';

@InputType('ComputerSideInput')
@ObjectType('ComputerSide', { description: 'A side the service plays itself.' })
export class ComputerSideView {
  @Field(() => SideEnum)
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side the computer plays.' })
  @IsIn(SIDES)
  side!: SideName;

  @Field(() => Int, { nullable: true, description: '1..10 (default 5).' })
  @OptionalInteger({ minimum: 1, maximum: 10, default: 5 })
  level?: number;

  @Field(() => Int, { nullable: true, description: 'Milliseconds per move, at most 5000 (default 1000).' })
  @OptionalInteger({ minimum: 1, maximum: 5000, default: 1000 })
  budgetMs?: number;

  @Field(() => String, { nullable: true, description: ENGINE_DESCRIPTION })
  @ApiPropertyOptional({ type: String, description: ENGINE_DESCRIPTION, example: 'opentafl' })
  @IsOptional()
  @IsString()
  engine?: string;
}

/**
 * A game without its move list: what the answers of acts (create, play, resign, offers, takebacks)
 * and the items of a list carry, so that their size does not grow with the game (api.md section 5).
 * In GraphQL this is the `Game` type, whose `moves` field is resolved only when selected.
 */
@ObjectType('Game')
export class GameSummaryView {
  @Field(() => ID) @ApiProperty({ format: 'uuid' }) id!: string;
  @Field() @ApiProperty({ example: 'brandubh' }) variant!: string;
  @Field({ description: 'TFEN the game started from.' }) @ApiProperty() startPosition!: string;
  @Field(() => Int, { description: 'Number of moves played.' })
  @ApiProperty({ type: 'integer', minimum: 0, example: 2, description: 'Number of moves played.' })
  ply!: number;
  @Field({ description: 'TFEN of the current position.' }) @ApiProperty() position!: string;
  @Field(() => SideEnum, { description: 'The side to move.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' })
  sideToMove!: SideName;
  @Field(() => OutcomeView) @ApiProperty({ type: OutcomeView }) outcome!: OutcomeView;
  @Field(() => PlayersView) @ApiProperty({ type: PlayersView }) players!: PlayersView;
  @Field(() => SeatsView) @ApiProperty({ type: SeatsView }) seats!: SeatsView;
  @Field(() => JsonScalar) @ApiProperty({ type: 'object', additionalProperties: true }) metadata!: Record<string, unknown>;
  @Field(() => SideEnum, { nullable: true, description: 'The side whose draw offer stands; null when none does.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', nullable: true, description: 'The side whose draw offer stands; null when none does.' })
  drawOfferedBy!: SideName | null;
  @Field(() => SideEnum, { nullable: true, description: 'The side whose takeback offer stands; null when none does.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', nullable: true, description: 'The side whose takeback offer stands; null when none does.' })
  takebackOfferedBy!: SideName | null;
  @Field(() => TimeControlView, { nullable: true, description: 'null: the game has no clocks.' })
  @ApiProperty({ type: TimeControlView, nullable: true, description: 'null: the game has no clocks.' })
  timeControl!: TimeControlView | null;
  @Field(() => ClocksView, { nullable: true, description: 'Remaining time as of this answer; null without a time control.' })
  @ApiProperty({ type: ClocksView, nullable: true, description: 'Remaining time as of this answer; null without a time control.' })
  clocks!: ClocksView | null;
  @Field(() => GameOptionsView) @ApiProperty({ type: GameOptionsView }) options!: GameOptionsView;
  @Field() @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @Field() @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @Field(() => ComputerSideView, { nullable: true, description: 'The side the service plays itself; null when both are people.' })
  @ApiProperty({ type: ComputerSideView, nullable: true, description: 'The side the service plays itself; null when both are people.' })
  computer!: ComputerSideView | null;

  @Field(() => ImageLinksView, { nullable: true, description: 'Picture URLs of the current position (with PUBLIC_BASE_URL set).' })
  @ApiPropertyOptional({ type: ImageLinksView, description: 'Picture URLs of the current position (with PUBLIC_BASE_URL set).' })
  image?: ImageLinksView;
}

/** The whole game, its moves included: a read, an export, the first line of a stream. */
export class GameView extends GameSummaryView {
  @ApiProperty({ type: [String], example: ['d2-e2', 'c4-c5'], description: 'Every move in rich notation.' })
  moves!: string[];
}

@ObjectType('GameTokens', { description: 'Shown once; the server keeps only hashes. An open side has none until it is claimed.' })
export class TokensView {
  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ description: 'Absent when the attackers are left open.' })
  attackers?: string;
  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ description: 'Absent when the defenders are left open.' })
  defenders?: string;
}

@ObjectType('CreatedGame')
export class CreatedGameView {
  @Field(() => ID) @ApiProperty({ format: 'uuid' }) id!: string;
  @Field(() => TokensView) @ApiProperty({ type: TokensView }) tokens!: TokensView;
  @Field(() => String, {
    nullable: true,
    description: "The key of the webhook's X-Tafl-Signature (HMAC-SHA256), shown only here; null without a webhook.",
  })
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The key of the webhook's X-Tafl-Signature (HMAC-SHA256), shown only here; null without a webhook.",
  })
  webhookSecret!: string | null;
  @Field(() => GameSummaryView) @ApiProperty({ type: GameSummaryView }) game!: GameSummaryView;
  @Field(() => InviteView, { nullable: true, description: 'The code that claims the open seat; null when both seats are taken.' })
  @ApiPropertyOptional({
    type: InviteView,
    nullable: true,
    description: 'The code that claims the open seat; null when both seats are taken.',
  })
  invite?: InviteView | null;
}

export class ClaimSeatRequest {
  @ApiProperty({ description: 'The invite code of the game.', example: 'oV3k9QmJx2cT8wLd' }) @IsString() code!: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: "The claimant's name, shown as the side's player.", example: 'Bob' })
  @IsOptional()
  @IsString()
  name?: string | null;
}

@ObjectType('ClaimedSeat', { description: 'The seat taken: its side and token (shown only here), and the game.' })
export class ClaimedSeatView {
  @Field(() => ID) @ApiProperty({ format: 'uuid' }) id!: string;
  @Field(() => SideEnum) @ApiProperty({ enum: SIDES, enumName: 'Side' }) side!: SideName;
  @Field({ description: "The claimed side's token: shown only here." })
  @ApiProperty({ description: "The claimed side's token: shown only here." })
  token!: string;
  @Field(() => GameSummaryView) @ApiProperty({ type: GameSummaryView }) game!: GameSummaryView;
}

@ObjectType('PlayedMove')
export class PlayedMoveView {
  @Field(() => GameSummaryView) @ApiProperty({ type: GameSummaryView }) game!: GameSummaryView;
  @Field(() => MoveView) @ApiProperty({ type: MoveView }) move!: MoveView;
}

@ObjectType('GameResult')
export class GameResultView {
  @Field(() => GameSummaryView) @ApiProperty({ type: GameSummaryView }) game!: GameSummaryView;
}

@ObjectType('GamePage')
export class GamePageView {
  @Field(() => [GameSummaryView]) @ApiProperty({ type: [GameSummaryView] }) items!: GameSummaryView[];
  @Field(() => String, { nullable: true, description: 'Pass as `cursor` for the next page; null on the last.' })
  @ApiProperty({ type: String, nullable: true })
  nextCursor!: string | null;
}

@InputType('CreateGameInput')
export class CreateGameRequest {
  @Field() @ApiProperty({ example: 'brandubh' }) @IsString() variant!: string;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: String, nullable: true, description: 'TFEN start position; the variant start when omitted.' })
  @IsOptional()
  @IsString()
  position?: string | null;

  @Field(() => PlayersRequest, { nullable: true })
  @ApiPropertyOptional({ type: PlayersRequest, description: "The sides' names; at most one side may be left open." })
  @IsOptional()
  @ValidateNested()
  @Type(() => PlayersRequest)
  players?: PlayersRequest | null;

  @Field(() => JsonScalar, { nullable: true })
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { event: 'club night' } })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | null;

  @Field(() => ComputerSideView, { nullable: true, description: 'A side the service plays itself, as soon as it is its turn.' })
  @ApiPropertyOptional({ type: ComputerSideView, description: 'A side the service plays itself, as soon as it is its turn.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ComputerSideView)
  computer?: ComputerSideView | null;

  @Field(() => TimeControlView, { nullable: true })
  @ApiPropertyOptional({ type: TimeControlView, description: 'Clocks kept by the service; none when omitted.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => TimeControlView)
  timeControl?: TimeControlView | null;

  @Field(() => String, { nullable: true, description: 'When the first clock starts (ISO time); the creation when omitted.' })
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the first clock starts; the creation when omitted.',
  })
  @IsOptional()
  @IsString()
  startAt?: string | null;

  @Field(() => GameOptionsView, { nullable: true })
  @ApiPropertyOptional({ type: GameOptionsView })
  @IsOptional()
  @ValidateNested()
  @Type(() => GameOptionsView)
  options?: GameOptionsView | null;

  @Field(() => WebhookRequest, { nullable: true })
  @ApiPropertyOptional({ type: WebhookRequest, description: 'POST every event of the game to this URL (signed; at least once, in order).' })
  @IsOptional()
  @ValidateNested()
  @Type(() => WebhookRequest)
  webhook?: WebhookRequest | null;
}

@InputType('CreateGamesInput')
export class BulkCreateRequest {
  @Field(() => [CreateGameRequest], { description: 'At most 100 games, created all or none.' })
  @ApiProperty({ type: [CreateGameRequest], maxItems: 100, minItems: 1 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CreateGameRequest)
  games!: CreateGameRequest[];

  @Field(() => WebhookRequest, { nullable: true, description: 'The webhook of every game that names none of its own.' })
  @ApiPropertyOptional({ type: WebhookRequest, description: 'The webhook of every game that names none of its own.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => WebhookRequest)
  webhook?: WebhookRequest | null;
}

@ObjectType('CreatedGames')
export class BulkCreatedView {
  @Field(() => [CreatedGameView], { description: 'In the order given.' })
  @ApiProperty({ type: [CreatedGameView], description: 'In the order given.' })
  games!: CreatedGameView[];
}

export class PlayMoveRequest {
  @ApiProperty({ example: 'd2-e2' }) @IsString() move!: string;
  @ApiProperty({ type: 'integer', minimum: 0, example: 0, description: "Must equal the game's current ply." })
  @IsInt()
  @Min(0)
  expectedPly!: number;
}

export class ImportGameRequest {
  @ApiPropertyOptional({
    example: 'copenhagen',
    type: String,
    description: "The variant; without it the record's [variant:] tag (when a known id) or its [rules:] string picks it.",
  })
  @IsOptional()
  @IsString()
  variant?: string;
  @ApiProperty({ description: 'An OpenTafl game record (.otg text).' }) @IsString() record!: string;
}
