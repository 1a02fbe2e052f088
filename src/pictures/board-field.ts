/**
 * The GraphQL `board` field of position answers and games: the SVG of the position (and, with
 * PUBLIC_BASE_URL, where its pictures live). An answer carries what the field needs under a symbol,
 * which JSON never shows, so REST answers stay as they are.
 */
import { Type } from '@nestjs/common';
import { Args, Field, Int, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CompiledVariant, GameState, positionFromTfen, threatsOf } from '../engine';
import { checkPictureOptions, renderSvg, THEMES, ThemeName, threatMarks } from '../render';
import { ProblemError } from '../http/problem-error';
import { ImageLinksView } from '../http/views/image-links.view';

export const BOARD_SOURCE = Symbol('board source');

export interface BoardSource {
  v: CompiledVariant;
  position: string;
  lastMove: { from: string; to: string } | null;
  image?: ImageLinksView;
}

type WithBoard = { [BOARD_SOURCE]?: BoardSource };

/** Attaches the board's source to an answer (returns the same object). */
export function withBoardSource<T extends object>(view: T, source: BoardSource): T {
  Object.defineProperty(view, BOARD_SOURCE, { value: source, enumerable: false });
  return view;
}

@ObjectType('Board', { description: 'The position drawn: SVG text, and picture URLs when the service knows its public address.' })
export class BoardView {
  @Field(() => String, { description: 'The SVG (data-square, data-piece and data-special on its elements).' })
  svg!: string;

  @Field(() => String, { nullable: true, description: 'Absolute URL of the SVG (with PUBLIC_BASE_URL set).' })
  svgUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'Absolute URL of the PNG (with PUBLIC_BASE_URL set).' })
  pngUrl!: string | null;
}

/** A resolver adding `board(flip, coords, size, theme, threats)` to the GraphQL type of `view`. */
export function boardFieldResolver(view: Type<unknown>): Type<unknown> {
  @Resolver(() => view)
  class BoardFieldResolver {
    @ResolveField('board', () => BoardView, { description: 'The position drawn as SVG, with the last move marked.' })
    board(
      @Parent() parent: WithBoard,
      @Args('flip', { type: () => Boolean, nullable: true }) flip?: boolean | null,
      @Args('coords', { type: () => Boolean, nullable: true }) coords?: boolean | null,
      @Args('size', { type: () => Int, nullable: true, description: 'Pixels of the side, 64 to 2048 (default 512).' }) size?: number | null,
      @Args('theme', { type: () => String, nullable: true, description: `One of ${THEMES.join(', ')}.` }) theme?: string | null,
      @Args('threats', { type: () => Boolean, nullable: true, description: 'Draw the threats, as threats=1 on a picture route.' })
      threats?: boolean | null,
    ): BoardView {
      const source = parent[BOARD_SOURCE];
      if (!source) throw ProblemError.internal();
      const r = positionFromTfen(source.v, source.position);
      if (!r.ok) throw ProblemError.internal();
      const options = {
        flip: flip ?? false,
        coords: coords ?? true,
        lastMove: source.lastMove,
        size: size ?? undefined,
        theme: (theme ?? undefined) as ThemeName | undefined,
        threats: threats ? threatMarks(threatsOf(GameState.fromPosition(r.value))) : null,
      };
      const checked = checkPictureOptions(source.v, options);
      if (!checked.ok) throw ProblemError.badInput(checked.error.map((p) => p.message).join('; '), checked.error);
      return { svg: renderSvg(source.v, r.value, options), svgUrl: source.image?.svg ?? null, pngUrl: source.image?.png ?? null };
    }
  }
  Object.defineProperty(BoardFieldResolver, 'name', { value: `${view.name}BoardResolver` });
  return BoardFieldResolver;
}
