/** Absolute URLs of a position's pictures, on every position answer when PUBLIC_BASE_URL is set. */
import { ApiProperty } from '@nestjs/swagger';
import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('ImageLinks', { description: 'Absolute URLs of the pictures of this position (with PUBLIC_BASE_URL set).' })
export class ImageLinksView {
  @Field(() => String)
  @ApiProperty({ example: 'https://tafl.example/v1/variants/brandubh/board.svg?position=3t3%2F3t3%2F3T3%2FttTKTtt%2F3T3%2F3t3%2F3t3_a' })
  svg!: string;

  @Field(() => String)
  @ApiProperty({ example: 'https://tafl.example/v1/variants/brandubh/board.png?position=3t3%2F3t3%2F3T3%2FttTKTtt%2F3T3%2F3t3%2F3t3_a' })
  png!: string;
}

/** The picture of a position given by URL: the position itself, so the URL is short and cacheable for ever. */
export function positionImages(
  base: string | null,
  variant: string,
  tfen: string,
  last: { from: string | null; to: string | null } | null,
): ImageLinksView | undefined {
  if (!base) return undefined;
  const q = new URLSearchParams({ position: tfen.replace(' ', '_') });
  if (last?.from && last.to) q.set('lastMove', `${last.from}-${last.to}`);
  const at = (ext: string) => `${base}/v1/variants/${encodeURIComponent(variant)}/board.${ext}?${q.toString()}`;
  return { svg: at('svg'), png: at('png') };
}

/** A stored game at one ply: immutable, whatever is played later. */
export function gameImages(base: string | null, id: string, ply: number): ImageLinksView | undefined {
  if (!base) return undefined;
  const at = (ext: string) => `${base}/v1/games/${id}/board.${ext}?ply=${ply}`;
  return { svg: at('svg'), png: at('png') };
}
