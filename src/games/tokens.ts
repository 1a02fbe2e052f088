/** Per-side secrets: shown once at creation, stored only as SHA-256 hashes. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Which of the stored hashes `token` is the token of: each side's hash compared in constant time, the token hashed once. */
export function tokenOf<K extends string>(token: string, hashes: Record<K, string>): K | null {
  const a = createHash('sha256').update(token, 'utf8').digest();
  for (const key of Object.keys(hashes) as K[]) {
    const b = Buffer.from(hashes[key], 'hex');
    if (a.length === b.length && timingSafeEqual(a, b)) return key;
  }
  return null;
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return m ? m[1] : null;
}
