/**
 * Checking a webhook delivery (tournaments.md, "Verifying a webhook"). The service POSTs each event of a
 * game with `X-Tafl-Signature: sha256=<hex>`, the HMAC-SHA256 of the body's bytes keyed by the game's
 * `webhookSecret` (as UTF-8 text), and `X-Tafl-Event-Id`. It signs no timestamp: a replayed delivery is
 * recognised by its event id, which the receiver should remember (delivery is at least once). Web Crypto
 * only, so the same code runs in Node 20+, Deno, workers and browsers.
 */
import type { GameStateEvent } from './stream.js';

export const SIGNATURE_HEADER = 'x-tafl-signature';
export const EVENT_ID_HEADER = 'x-tafl-event-id';

/** A delivery's body: the stream's gameState event with the game's id first. */
export type WebhookEvent = { gameId: string } & GameStateEvent;

/** A Fetch `Headers`, or the plain object Node's `IncomingMessage.headers` is. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export type VerifiedWebhook =
  | { valid: true; event: WebhookEvent; eventId: string | undefined }
  | {
      valid: false;
      /** `missing-signature`: no single signature header; `bad-signature`: not the body's; `bad-body`: signed, but not an event. */
      reason: 'missing-signature' | 'bad-signature' | 'bad-body';
    };

/** A Fetch `Headers` (where the runtime has the class: a plain object is taken everywhere). */
const isFetchHeaders = (h: WebhookHeaders): h is Headers => typeof Headers !== 'undefined' && h instanceof Headers;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (isFetchHeaders(headers)) return headers.get(name) ?? undefined;
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else values.push(...value);
  }
  // Two headers of one name are one too many: refuse rather than choose.
  return values.length === 1 ? values[0] : undefined;
}

/** The 32 bytes of `sha256=<64 hex digits>`, or undefined for anything else. */
function signatureBytes(text: string): Uint8Array | undefined {
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(text.trim());
  if (!m) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(m[1].slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Equal arrays, in a time that depends only on their length: a signature is never compared byte by byte early-out. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** The body's exact bytes: a copy, so any ArrayBuffer-backed or shared view (a Node Buffer too) is accepted. */
function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return new Uint8Array(body instanceof ArrayBuffer ? body.slice(0) : body);
}

/**
 * Verifies a delivery from its raw body (the bytes as received, before any JSON parsing: re-serialising
 * changes them), its headers and the game's `webhookSecret`. Only a valid one is parsed and answered.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
): Promise<VerifiedWebhook> {
  const given = header(headers, SIGNATURE_HEADER);
  if (given === undefined) return { valid: false, reason: 'missing-signature' };
  const signature = signatureBytes(given);
  if (!signature) return { valid: false, reason: 'bad-signature' };
  const body = bytesOf(rawBody);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, body));
  if (!equalInConstantTime(expected, signature)) return { valid: false, reason: 'bad-signature' };
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { valid: false, reason: 'bad-body' };
  }
  const e = event as Partial<WebhookEvent> | null;
  if (typeof e !== 'object' || e === null || typeof e.gameId !== 'string' || e.type !== 'gameState' || typeof e.seq !== 'number') {
    return { valid: false, reason: 'bad-body' };
  }
  return { valid: true, event: e as WebhookEvent, eventId: header(headers, EVENT_ID_HEADER) };
}
