/** Long answers go out as bytes: the same body and headers as the text would have given, over real HTTP. */
import Fastify, { type FastifyInstance } from 'fastify';
import { BYTES_FROM_CHARS, installAnswersAsBytes } from '../../src/http/answers-as-bytes';

// A rope of multi-byte characters (as legal-move lists are ropes), and a short text.
const LONG = Array.from({ length: 400 }, (_, i) => `{"square":"ö${i}","note":"½ – 𝕏"}`).reduce((a, b) => `${a},${b}`);
const SHORT = '{"ok":"ö"}';

async function serve(withHook: boolean): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ logger: false });
  if (withHook) installAnswersAsBytes(app);
  app.get('/long', (_q, reply) => reply.type('application/json; charset=utf-8').send(LONG));
  app.get('/short', (_q, reply) => reply.type('application/json; charset=utf-8').send(SHORT));
  app.get('/object', () => ({ list: LONG }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base };
}

describe('answers as bytes', () => {
  it('sends what the text would have sent, byte for byte, with the same Content-Length and type', async () => {
    expect(LONG.length).toBeGreaterThan(BYTES_FROM_CHARS);
    const plain = await serve(false);
    const bytes = await serve(true);
    try {
      for (const path of ['/long', '/short', '/object']) {
        const a = await fetch(plain.base + path);
        const b = await fetch(bytes.base + path);
        const [ta, tb] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
        expect(tb.equals(ta), path).toBe(true);
        expect(b.headers.get('content-length')).toBe(String(ta.length));
        expect(b.headers.get('content-type')).toBe(a.headers.get('content-type'));
      }
      expect(Buffer.byteLength(LONG)).toBeGreaterThan(LONG.length);
    } finally {
      await Promise.all([plain.app.close(), bytes.app.close()]);
    }
  });
});
