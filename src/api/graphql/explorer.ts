/**
 * The GraphQL explorer for browsers: GraphiQL at GET /graphql, built from the installed packages
 * (graphiql, react, react-dom) and served by the service, so it works with no internet.
 *
 * Apollo owns the /graphql route (GET, POST, OPTIONS; @nestjs/apollo registers it when Nest starts), and
 * Fastify allows one route per method and URL, so the explorer is not a second route: its handler is
 * wrapped as Fastify registers it (an `onRoute` hook). A GET that asks for HTML and carries no `query`
 * (a browser's navigation) gets the page; every other request reaches Apollo as before. Either way the
 * request has passed every hook (rate limit, log, counts, security headers) like any other.
 *
 * The page's files are served under /graphql/explorer/<version>/ (http/versioned-files.ts).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Cacheable, REVALIDATE, sendCacheable } from '../../http/cacheable-reply';
import { VersionedFile, serveVersionedFiles, versionedFiles } from '../../http/versioned-files';
import { GRAPHQL_PATH } from '../../http/problem-reply';
import { underPagePolicy } from '../../http/security-headers';
import { EXPLORER_ASSETS_PATH, EXPLORER_SCRIPT, EXPLORER_STYLE, explorerPage } from './explorer-page';

const JS = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

function packageFile(pkg: string, file: string, contentType: string, versioned = true): VersionedFile {
  const path = join(dirname(createRequire(__filename).resolve(`${pkg}/package.json`)), file);
  return { contentType, read: () => readFile(path), versioned };
}

function text(body: string, contentType: string): VersionedFile {
  return { contentType, read: () => Promise.resolve(body) };
}

/** Everything the page loads, by the name it is asked for; nothing else of the packages is served. */
function explorerFiles(): Map<string, VersionedFile> {
  return new Map([
    ['react.production.min.js', packageFile('react', 'umd/react.production.min.js', JS)],
    ['react-dom.production.min.js', packageFile('react-dom', 'umd/react-dom.production.min.js', JS)],
    ['graphiql.min.js', packageFile('graphiql', 'graphiql.min.js', JS)],
    ['graphiql.min.css', packageFile('graphiql', 'graphiql.min.css', CSS)],
    // Asked for only by a browser's developer tools (the files end with their sourceMappingURL).
    ['graphiql.min.js.map', packageFile('graphiql', 'graphiql.min.js.map', 'application/json', false)],
    ['graphiql.min.css.map', packageFile('graphiql', 'graphiql.min.css.map', 'application/json', false)],
    ['explorer.js', text(EXPLORER_SCRIPT, JS)],
    ['explorer.css', text(EXPLORER_STYLE, CSS)],
  ]);
}

/** A navigation: `text/html` among the accepted types (API clients ask for JSON or anything). */
function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

/** A GET with a `query` is a GraphQL query (Apollo's), whatever it accepts. */
function wantsExplorer(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const query = request.query as Record<string, unknown> | undefined;
  return query?.query === undefined && acceptsHtml(request.headers.accept);
}

/** Call before `app.init()`, which is when Apollo's route is registered. */
export async function installGraphqlExplorer(fastify: FastifyInstance): Promise<void> {
  const files = await versionedFiles(EXPLORER_ASSETS_PATH, explorerFiles());
  const html = explorerPage(files.version);
  const page: Cacheable = {
    etag: `"${files.version}"`,
    // The page names the current version's files: a browser asks each time whether it is still current.
    cacheControl: REVALIDATE,
    contentType: HTML,
    // The same URL answers JSON to API clients.
    headers: { vary: 'accept, accept-encoding' },
    body: () => Promise.resolve(html),
  };

  fastify.addHook('onRoute', (route) => {
    if (route.url !== GRAPHQL_PATH) return;
    const apollo = route.handler;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (!wantsExplorer(request)) return apollo.call(this, request, reply);
      return sendCacheable(request, underPagePolicy(reply, 'explorer'), page);
    };
  });

  serveVersionedFiles(fastify, files, 'the GraphQL explorer');
}
