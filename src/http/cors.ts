/**
 * CORS for REST, GraphQL and the docs: browsers on other origins may call the API. Credentials are
 * never involved (side tokens travel in Authorization, no cookies), so `*` is a safe default.
 */
import cors from '@fastify/cors';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ADMISSION_HEADER_NAMES } from './rate-limit/admission-headers';
import { REPLAYED_HEADER } from './replayed-header';

/** Headers a browser script may read from an answer; joined once (given a list, the plugin joins it on every request). */
const EXPOSED = ['x-request-id', 'retry-after', ...ADMISSION_HEADER_NAMES, 'etag', 'location', 'x-char-count', REPLAYED_HEADER].join(', ');

export async function installCors(app: NestFastifyApplication, origins: string[]): Promise<void> {
  await app.register(cors, {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type', 'if-none-match', 'last-event-id', 'x-request-id'],
    exposedHeaders: EXPOSED,
    credentials: false,
    maxAge: 86_400,
    strictPreflight: false,
  });
}
