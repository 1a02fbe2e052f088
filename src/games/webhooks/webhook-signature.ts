/** The signature of a webhook body (api.md section 8): `sha256=<hex HMAC-SHA256 of the body>` keyed by the game's secret. */
import { createHmac, randomBytes } from 'node:crypto';

export const EVENT_ID_HEADER = 'x-tafl-event-id';
export const SIGNATURE_HEADER = 'x-tafl-signature';

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}
