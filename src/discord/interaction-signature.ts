/**
 * Discord signs every interaction it sends: Ed25519 over the `X-Signature-Timestamp` header followed by
 * the raw body, with the application's public key. Node's own crypto verifies it (no dependency); the
 * key Discord shows is the raw 32 bytes in hex, which Node takes as DER SubjectPublicKeyInfo.
 */
import { KeyObject, createPublicKey, verify } from 'node:crypto';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Discord's replays and a clock far off are refused: a timestamp further than this from now. */
export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;

/** The key of a 64-hex-digit public key, or null when it is not one. */
export function discordPublicKey(hex: string): KeyObject | null {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

export type SignatureCheck = { ok: true } | { ok: false; why: string };

/** Whether `signature` (hex) signs `timestamp` + `rawBody`, and the timestamp (Unix seconds) is within five minutes of `now`. */
export function checkSignature(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  now: number,
): SignatureCheck {
  if (!signature || !timestamp) return { ok: false, why: 'X-Signature-Ed25519 and X-Signature-Timestamp are required' };
  if (!/^[0-9a-fA-F]{128}$/.test(signature)) return { ok: false, why: 'the signature is not 64 bytes of hex' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, why: 'the timestamp is not Unix seconds' };
  if (Math.abs(now - Number(timestamp) * 1000) > MAX_SIGNATURE_AGE_MS)
    return { ok: false, why: 'the timestamp is more than 5 minutes away' };
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]);
  if (!verify(null, signed, key, Buffer.from(signature, 'hex'))) return { ok: false, why: 'the signature does not verify' };
  return { ok: true };
}
