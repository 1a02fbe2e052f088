/** The ceiling of the HTTP stack: a Fastify route that answers a constant JSON body. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const payload = process.env.BARE_PAYLOAD ?? '{}';
app.get('/', async () => ({ hello: 'world' }));
// The same body the legal-moves route answers, sent from a string: the HTTP cost of that payload alone.
app.post('/payload', async (_req, reply) => reply.type('application/json').send(payload));
void app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
