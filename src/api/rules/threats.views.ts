/** The threats answer (docs/threats.md), one class per shape for both transports. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Field, ObjectType } from '@nestjs/graphql';
import { PIECE_LETTERS, PieceLetter, SIDES, SideName } from '../../engine';
import { SideEnum } from '../../http/enums';
import { ImageLinksView } from '../../http/views/image-links.view';
import { MoveView, OutcomeView } from '../../http/views/move-outcome.views';

@ObjectType('KingRoute', { description: 'A move of the king that wins at once by his escape.' })
export class KingRouteView {
  @Field(() => String, { description: "The king's square." })
  @ApiProperty({ example: 'c1', description: "The king's square." })
  from!: string;

  @Field(() => String, { description: 'The escape square he reaches.' })
  @ApiProperty({ example: 'a1', description: 'The escape square he reaches.' })
  to!: string;

  @Field(() => [String], { description: 'The squares he passes through, `to` last.' })
  @ApiProperty({ type: [String], example: ['b1', 'a1'], description: 'The squares he passes through, `to` last.' })
  route!: string[];
}

@ObjectType('HangingPiece', { description: 'A piece of the side not to move that the side to move can capture now.' })
export class HangingPieceView {
  @Field(() => String)
  @ApiProperty({ example: 'f3' })
  square!: string;

  @Field(() => String, { description: `TFEN letter: ${PIECE_LETTERS.join(' | ')}.` })
  @ApiProperty({ enum: PIECE_LETTERS, example: 'T', description: 'TFEN letter of the piece.' })
  piece!: PieceLetter;

  @Field(() => [MoveView], { description: 'The legal moves that capture it.' })
  @ApiProperty({ type: [MoveView], description: 'The legal moves that capture it.' })
  by!: MoveView[];
}

@ObjectType('Threats', { description: 'The tafl "checks" of a position, found by the rules alone (no search).' })
export class ThreatsView {
  @Field(() => String, { description: 'TFEN of the position.' })
  @ApiProperty({ example: '7/7/1t5/6t/5T1/5t1/2Kt3 a', description: 'TFEN of the position.' })
  position!: string;

  @Field(() => SideEnum, { description: 'The side to move.' })
  @ApiProperty({ enum: SIDES, enumName: 'Side', description: 'The side to move.' })
  sideToMove!: SideName;

  @Field(() => OutcomeView, { description: 'A finished game has no threats: its three lists are empty.' })
  @ApiProperty({ type: OutcomeView, description: 'A finished game has no threats: its three lists are empty.' })
  outcome!: OutcomeView;

  @Field(() => [KingRouteView], {
    description:
      "Every move of the king that escapes at once, whoever is to move: the defenders' wins in one, or the attackers' threats to stop.",
  })
  @ApiProperty({
    type: [KingRouteView],
    description:
      "Every move of the king that escapes at once, whoever is to move: the defenders' wins in one, or the attackers' threats to stop.",
  })
  kingRoutes!: KingRouteView[];

  @Field(() => [MoveView], { description: 'The legal moves that capture the king now (empty when the defenders are to move).' })
  @ApiProperty({ type: [MoveView], description: 'The legal moves that capture the king now (empty when the defenders are to move).' })
  kingCapturable!: MoveView[];

  @Field(() => [HangingPieceView], { description: 'The pieces the side to move can capture now, in square order.' })
  @ApiProperty({ type: [HangingPieceView], description: 'The pieces the side to move can capture now, in square order.' })
  hanging!: HangingPieceView[];

  @Field(() => ImageLinksView, {
    nullable: true,
    description: 'Picture URLs of the position with the threats drawn (with PUBLIC_BASE_URL set).',
  })
  @ApiPropertyOptional({
    type: ImageLinksView,
    description: 'Picture URLs of the position with the threats drawn (with PUBLIC_BASE_URL set).',
  })
  image?: ImageLinksView;
}
