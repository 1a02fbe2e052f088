/**
 * Headers every answer carries. The API answers JSON, text and images to any origin and is never meant
 * to be framed; only two pages run scripts, their own, and each gets a policy that allows exactly those.
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

const COMMON = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };
const API_HEADERS = { ...COMMON, 'content-security-policy': API_POLICY };
const DOCS_HEADERS = { ...COMMON, 'content-security-policy': DOCS_POLICY };
const EXPLORER_HEADERS = { ...COMMON, 'content-security-policy': EXPLORER_POLICY };

/**
 * Answers that are the explorer's page. It shares its URL with Apollo's GET answers (GET /graphql), so
 * the handler that sends it says so, rather than the path.
 */
const EXPLORER_PAGES = new WeakSet<FastifyReply>();

/** Gives this answer the explorer's policy instead of the API's. */
export function underExplorerPolicy(reply: FastifyReply): FastifyReply {
  EXPLORER_PAGES.add(reply);
  return reply;
}

export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(request.url.startsWith('/docs') ? DOCS_HEADERS : EXPLORER_PAGES.has(reply) ? EXPLORER_HEADERS : API_HEADERS);
    reply.removeHeader('x-powered-by');
    done(null, payload);
  });
}
