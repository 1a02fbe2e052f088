/**
 * The ceiling of the HTTP stack: routes of the project's own Fastify that answer prepared bytes. With
 * BARE_ANSWERS (a JSON file of [request body, answer] pairs) `/answers` sends, for each request body,
 * the very bytes the service answers to it, as a Buffer from a synchronous handler: the HTTP and
 * payload cost with no work behind it, the honest ceiling of any route.
 *
 * With BARE_LOG=info the routes also log as the service does (its pino, a request id per request, its one
 * line when each request ends, the X-Request-ID header): the floor of any route of the service, which
 * writes that line for every request (bench:instructions).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { LOG_LEVELS, LogLevel } from '../src/config/config';
import { createPino } from '../src/http/pino-logger';
import { installRequestLog, requestLogOptions } from '../src/http/request-log';

const level = process.env.BARE_LOG as LogLevel | undefined;
if (level !== undefined && !LOG_LEVELS.includes(level)) throw new Error(`BARE_LOG: not a log level: ${level}`);
const app = level ? Fastify(requestLogOptions(createPino(level))) : Fastify({ logger: false });
if (level) installRequestLog(app);
const payload = process.env.BARE_PAYLOAD ?? '{}';
const pairs: [string, string][] = process.env.BARE_ANSWERS ? JSON.parse(readFileSync(process.env.BARE_ANSWERS, 'utf8')) : [];
const answers = new Map<string, Buffer>(pairs.map(([body, answer]) => [body, Buffer.from(answer)]));
app.get('/', async () => ({ hello: 'world' }));
// The same body the legal-moves route answers, sent from a string: the HTTP cost of that payload alone.
app.post('/payload', async (_req, reply) => reply.type('application/json').send(payload));
// The body is parsed as the service parses it (JSON), and its text picks the answer.
app.removeContentTypeParser(['application/json']);
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
  try {
    JSON.parse(body as string);
    done(null, body);
  } catch (e) {
    done(e as Error, undefined);
  }
});
app.post('/answers', (req, reply) => {
  const answer = answers.get(req.body as string);
  if (answer === undefined) return void reply.code(404).send({ error: 'no prepared answer for this body' });
  reply.type('application/json; charset=utf-8').send(answer);
});
void app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
