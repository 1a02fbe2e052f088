/** The pure parts of webhooks: which hosts a URL may name, the retry schedule, the signature. */
import { createHmac } from 'node:crypto';
import { MAX_RETRY_DELAY_MS, retryDelay } from '../../src/games/webhooks/webhook-retry';
import { signBody } from '../../src/games/webhooks/webhook-signature';
import { WebhookHosts } from '../../src/games/webhooks/webhook-url';

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  const hosts = new WebhookHosts(['tournament.example', '10.1.0.0/16', '127.0.0.1', 'fd00::/8']);
  it.each([
    ['https://tournament.example/hook', true],
    ['https://TOURNAMENT.example:8443/hook?x=1', true],
    ['https://evil.tournament.example/hook', false],
    ['http://10.1.255.3/hook', true],
    ['http://10.2.0.1/hook', false],
    ['http://127.0.0.1:9000/', true],
    ['http://[fd00::1]/', true],
    ['http://[::1]/', false],
    ['http://2130706433/', true], // the WHATWG parser reads it as 127.0.0.1: what would be dialled is what is checked
  ])('%s allowed: %s', (url, allowed) => {
    if (allowed) expect(hosts.parse({ url })).toBe(new URL(url).toString());
    else expect(() => hosts.parse({ url })).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
  });
  it('no list refuses every webhook; no webhook is no URL', () => {
    expect(() => new WebhookHosts([]).parse({ url: 'http://127.0.0.1/' })).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    expect(new WebhookHosts([]).parse(undefined)).toBeNull();
  });
});

describe('retry schedule', () => {
  it('doubles from the base, with jitter between half and all of it, capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1_000, 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 1_000, 0.999999))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelay(40, 1_000, 0.999999)).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
    expect(retryDelay(40, 1_000, 0)).toBe(MAX_RETRY_DELAY_MS / 2);
    // 24 hours of retries are some forty attempts (about one every 45 minutes once capped), not thousands.
    let t = 0;
    let n = 0;
    while (t < 86_400_000) t += retryDelay(++n, 1_000, 0.5);
    expect(n).toBeLessThan(50);
  });
});

describe('signature', () => {
  it('is sha256=<hex HMAC-SHA256 of the body>', () => {
    expect(signBody('k', '{"a":1}')).toBe(`sha256=${createHmac('sha256', 'k').update('{"a":1}').digest('hex')}`);
  });
});
