/**
 * `verifyWebhook` against the service's own signing (src/games/webhooks/webhook-signature.ts): a body
 * signed by the service is accepted from a string, bytes or a Node Buffer, with Fetch or Node headers; a
 * tampered body, another game's secret, a malformed or doubled header are refused. (The service signs no
 * timestamp, so there is none to hold to a tolerance: replays are recognised by X-Tafl-Event-Id.)
 */
import { EVENT_ID_HEADER, SIGNATURE_HEADER, newWebhookSecret, signBody } from '../../src/games/webhooks/webhook-signature';
import { verifyWebhook, SIGNATURE_HEADER as CLIENT_SIGNATURE, EVENT_ID_HEADER as CLIENT_EVENT_ID } from '../../packages/client/src/index';

const secret = newWebhookSecret();
/** A delivery's body as delivery-of.ts writes it: the game's id, then the gameState event (non-ASCII included). */
const body = JSON.stringify({
  gameId: '3a3b4083-0000-4000-8000-000000000000',
  type: 'gameState',
  seq: 3,
  event: 'move',
  ply: 3,
  move: { from: 'd2', to: 'e2', notation: 'd2-e2', captures: [] },
  position: '3t3/3t3/3T3/ttTKTtt/3T3/4t2/3t3 d',
  sideToMove: 'defenders',
  outcome: { status: 'ongoing', winner: null, reason: null, detail: null },
  drawOfferedBy: null,
  clocks: null,
  takebackOfferedBy: null,
  seats: { attackers: 'taken', defenders: 'taken' },
  players: { attackers: 'Ælfrida', defenders: 'Bjørn' },
});
const headers = { [SIGNATURE_HEADER]: signBody(secret, body), [EVENT_ID_HEADER]: 'evt-3', 'content-type': 'application/json' };

describe('verifyWebhook', () => {
  it('names the headers the service sends', () => {
    expect(CLIENT_SIGNATURE).toBe(SIGNATURE_HEADER);
    expect(CLIENT_EVENT_ID).toBe(EVENT_ID_HEADER);
  });

  it('accepts a body signed by the service, as text, bytes, an ArrayBuffer or a Buffer, and answers the typed event', async () => {
    const bytes = new TextEncoder().encode(body);
    for (const raw of [body, bytes, bytes.buffer, Buffer.from(body)]) {
      const r = await verifyWebhook(raw, headers, secret);
      expect(r).toMatchObject({ valid: true, eventId: 'evt-3' });
      if (r.valid) {
        expect(r.event.gameId).toBe('3a3b4083-0000-4000-8000-000000000000');
        expect(r.event.seq).toBe(3);
        expect(r.event.players?.attackers).toBe('Ælfrida');
      }
    }
  });

  it('reads the headers case-insensitively, from a Fetch Headers or a Node headers object', async () => {
    const fetchHeaders = new Headers({ 'X-Tafl-Signature': signBody(secret, body), 'X-Tafl-Event-Id': 'evt-3' });
    expect((await verifyWebhook(body, fetchHeaders, secret)).valid).toBe(true);
    expect((await verifyWebhook(body, { 'X-Tafl-Signature': signBody(secret, body) }, secret)).valid).toBe(true);
    expect((await verifyWebhook(body, { [SIGNATURE_HEADER]: [signBody(secret, body)] }, secret)).valid).toBe(true);
  });

  it('refuses a tampered body, a body re-serialised, and another secret', async () => {
    const tampered = body.replace('"seq":3', '"seq":4');
    expect(await verifyWebhook(tampered, headers, secret)).toEqual({ valid: false, reason: 'bad-signature' });
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(await verifyWebhook(reserialised, headers, secret)).toEqual({ valid: false, reason: 'bad-signature' });
    expect(await verifyWebhook(body, headers, newWebhookSecret())).toEqual({ valid: false, reason: 'bad-signature' });
  });

  it('refuses a missing, doubled or malformed signature', async () => {
    expect(await verifyWebhook(body, {}, secret)).toEqual({ valid: false, reason: 'missing-signature' });
    const sig = signBody(secret, body);
    expect(await verifyWebhook(body, { [SIGNATURE_HEADER]: [sig, sig] }, secret)).toEqual({ valid: false, reason: 'missing-signature' });
    for (const bad of [sig.slice(7), `sha1=${sig.slice(7)}`, `${sig}00`, 'sha256=zz', sig.slice(0, -1)]) {
      expect(await verifyWebhook(body, { [SIGNATURE_HEADER]: bad }, secret)).toEqual({ valid: false, reason: 'bad-signature' });
    }
  });

  it('refuses a correctly signed body that is not an event', async () => {
    for (const other of ['not json', '{"hello":1}', '[]']) {
      expect(await verifyWebhook(other, { [SIGNATURE_HEADER]: signBody(secret, other) }, secret)).toEqual({
        valid: false,
        reason: 'bad-body',
      });
    }
  });
});
