/**
 * Headers every answer carries. The API answers JSON, text and images to any origin and is never meant
 * to be framed; only the docs page runs scripts, its own, so it gets a policy that allows exactly those.
 */
import { FastifyInstance } from 'fastify';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
// Swagger UI loads its own scripts and styles from /docs and sets inline styles; it fetches /openapi.json.
const DOCS_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', request.url.startsWith('/docs') ? DOCS_POLICY : API_POLICY);
    reply.removeHeader('x-powered-by');
  });
}
