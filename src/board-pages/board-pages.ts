/**
 * The service's pages built on @tafl/board: `GET /embed/games/{id}` and `GET /embed/position` (framable
 * by any site, side-effect free: they read nothing and store nothing, the browser does the rest through
 * the public API) and `GET /play`, plus the files they load under /board/<version>/. Plain Fastify
 * routes: they answer HTML and files, not the API's JSON, and need none of Nest's machinery. They still
 * pass every hook (rate limit, request log, counts, security headers) like any request.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { REVALIDATE, sendCacheable } from '../http/cacheable-reply';
import { serveVersionedFiles } from '../http/versioned-files';
import { ProblemError } from '../http/problem-error';
import { underPagePolicy } from '../http/security-headers';
import { evaluateOutcome } from '../tafl-rules/local-operations';
import { variant as builtInVariant } from '../tafl-rules/registry-variant';
import { loadBoardAssets } from './board-assets';
import { gameEmbedPage, playPage, positionEmbedPage } from './board-page-html';

const HTML = 'text/html; charset=utf-8';
/** Game ids are UUIDs; anything in this shape is safe in a URL and the page, and the API says if it exists. */
const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;
/** A TFEN of the largest board stays far below this; the bound keeps the page and its work small. */
const MAX_POSITION = 1024;

/** Where pictures are fetched from: PUBLIC_BASE_URL, else this request's own origin (OpenGraph wants absolute URLs). */
function baseOf(config: AppConfig, request: FastifyRequest): string {
  return config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, kind: 'embed' | 'play', html: string): Promise<void> {
  return sendCacheable(request, underPagePolicy(reply, kind), {
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    // A page names the current version's files, so a browser asks each time whether it is still current.
    cacheControl: REVALIDATE,
    contentType: HTML,
    body: () => Promise.resolve(html),
  });
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function checkedPosition(query: Record<string, unknown>): { variant: string; position: string | null; lastMove: string | null } {
  const variant = text(query.variant) ?? 'brandubh';
  if (!builtInVariant(variant)) throw ProblemError.variantNotFound(variant, 'body', 'variant');
  // `_` stands for the TFEN's space in URLs, as in the picture routes.
  const raw = text(query.position);
  if (raw && raw.length > MAX_POSITION) throw ProblemError.invalidField('position', `at most ${MAX_POSITION} characters`);
  const position = raw ? raw.replace('_', ' ') : null;
  const checked = evaluateOutcome(position ? { variant, position } : { variant });
  if (!checked.ok) throw ProblemError.badInput(checked.error.detail, checked.error.errors ?? []);
  const lastMove = text(query.lastMove);
  if (lastMove && !/^[a-y]\d{1,2}-[a-y]\d{1,2}$/.test(lastMove)) throw ProblemError.invalidField('lastMove', 'a move such as d2-e2');
  return { variant, position, lastMove };
}

export async function installBoardPages(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const assets = await loadBoardAssets();
  const ready = (): void => {
    if (assets.missing) throw ProblemError.notFound(assets.missing);
  };

  fastify.get('/embed/games/:id', async (request, reply) => {
    ready();
    const { id } = request.params as { id: string };
    if (!GAME_ID.test(id)) throw ProblemError.gameNotFound(id);
    await sendPage(request, reply, 'embed', gameEmbedPage(assets, baseOf(config, request), id));
  });

  fastify.get('/embed/position', async (request, reply) => {
    ready();
    const q = checkedPosition((request.query ?? {}) as Record<string, unknown>);
    await sendPage(request, reply, 'embed', positionEmbedPage(assets, baseOf(config, request), q));
  });

  fastify.get('/play', async (request, reply) => {
    ready();
    await sendPage(request, reply, 'play', playPage(assets, baseOf(config, request)));
  });

  // The pages' files; the bundle is refused while the package is not built.
  serveVersionedFiles(fastify, assets, 'the board pages', (file) => (file === 'tafl-board.bundle.js' ? assets.missing : null));
}
