/**
 * Headers every answer carries. The API answers JSON, text and images to any origin and is never meant
 * to be framed; only the docs page runs scripts, its own, so it gets a policy that allows exactly those.
 */
import { FastifyInstance } from 'fastify';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
// Swagger UI loads its own scripts and styles from /docs and sets inline styles; it fetches /openapi.json.
const DOCS_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const COMMON = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };
const API_HEADERS = { ...COMMON, 'content-security-policy': API_POLICY };
const DOCS_HEADERS = { ...COMMON, 'content-security-policy': DOCS_POLICY };

export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(request.url.startsWith('/docs') ? DOCS_HEADERS : API_HEADERS);
    reply.removeHeader('x-powered-by');
    done(null, payload);
  });
}
