/**
 * Headers every answer carries. The API answers JSON, text and images to any origin and is never meant
 * to be framed; the pages that run scripts (the docs, the explorer, the board pages) run only their own,
 * and each gets a policy that allows exactly those.
 */
import { FastifyInstance, FastifyReply } from 'fastify';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
// Swagger UI loads its own scripts and styles from /docs and sets inline styles; it fetches /openapi.json.
const DOCS_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
// The GraphQL explorer (api/graphql/explorer.ts) loads GraphiQL, React and its own start script from
// /graphql/explorer/; GraphiQL's stylesheet holds its fonts and icons as data: URLs, and its dialogs add
// a <style> element; queries go to /graphql by fetch, subscriptions by WebSocket to the same origin
// ('self' covers ws: and wss: to it). It submits no form and loads nothing else.
const EXPLORER_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// The board pages (board-pages/): their module scripts and stylesheet from the service; the components
// style their shadow roots with constructed style sheets and the CSSOM, which need no 'unsafe-inline';
// the service's board pictures are drawn inline as SVG; reads, moves and game streams go to the service by
// fetch. The embed pages are made to be framed by any site (api.md section 14); /play only by the service.
const BOARD_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'";
const EMBED_POLICY = `${BOARD_POLICY}; form-action 'none'; frame-ancestors *`;
const PLAY_POLICY = `${BOARD_POLICY}; form-action 'self'; frame-ancestors 'self'`;

const COMMON = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };
const API_HEADERS = { ...COMMON, 'content-security-policy': API_POLICY };
const DOCS_HEADERS = { ...COMMON, 'content-security-policy': DOCS_POLICY };
const EXPLORER_HEADERS = { ...COMMON, 'content-security-policy': EXPLORER_POLICY };
// No X-Frame-Options on an embed page: DENY would forbid what the page is for (frame-ancestors decides).
const EMBED_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'content-security-policy': EMBED_POLICY };
const PLAY_HEADERS = { ...COMMON, 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': PLAY_POLICY };

/** The pages that run scripts, besides /docs, each with the headers its policy allows. */
const PAGE_HEADERS = { explorer: EXPLORER_HEADERS, embed: EMBED_HEADERS, play: PLAY_HEADERS } as const;
export type PageKind = keyof typeof PAGE_HEADERS;

/**
 * The answers that are pages, by kind. The explorer shares its URL with Apollo's GET answers (GET
 * /graphql), so the handler that sends a page says so, rather than the path.
 */
const PAGES = new WeakMap<FastifyReply, PageKind>();

/** Gives this answer a page's policy instead of the API's: `embed` framable by any site, `play` by the service only. */
export function underPagePolicy(reply: FastifyReply, kind: PageKind): FastifyReply {
  PAGES.set(reply, kind);
  return reply;
}

function headersOf(url: string, reply: FastifyReply): Record<string, string> {
  if (url.startsWith('/docs')) return DOCS_HEADERS;
  const page = PAGES.get(reply);
  return page ? PAGE_HEADERS[page] : API_HEADERS;
}

export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headersOf(request.url, reply));
    reply.removeHeader('x-powered-by');
    done(null, payload);
  });
}
