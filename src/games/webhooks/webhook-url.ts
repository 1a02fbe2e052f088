/**
 * Which webhook URLs a game may have: http(s), no credentials, and a host among WEBHOOK_ALLOWED_HOSTS
 * (a name exactly, or an address inside one of its CIDRs). The host is matched as written: a name is
 * allowed by name, never by what it resolves to.
 */
import { BlockList, isIP } from 'node:net';
import { ProblemError } from '../../http/problem-error';

export class WebhookHosts {
  private readonly names = new Set<string>();
  private readonly addresses = new BlockList();

  constructor(readonly allowed: readonly string[]) {
    for (const entry of allowed) {
      const [address, bits] = entry.split('/');
      const family = isIP(address);
      if (family === 0) this.names.add(entry);
      else if (bits === undefined) this.addresses.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
      else this.addresses.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    }
  }

  allows(host: string): boolean {
    const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
    const family = isIP(bare);
    return family === 0 ? this.names.has(bare) : this.addresses.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  }

  /** The URL of `webhook: { url }`, or null without one; anything not allowed is a 400 naming the field. */
  parse(raw: unknown, field = 'webhook'): string | null {
    if (raw === undefined || raw === null) return null;
    const bad = (message: string, at = `${field}.url`) =>
      ProblemError.badInput(`${at}: ${message}`, [{ code: 'WEBHOOK_NOT_ALLOWED', field: at, message }]);
    if (this.allowed.length === 0) throw bad('webhooks are not enabled on this service (WEBHOOK_ALLOWED_HOSTS is unset)', field);
    const url = typeof raw === 'object' && !Array.isArray(raw) ? (raw as { url?: unknown }).url : undefined;
    if (typeof url !== 'string') throw bad('must be an object { url }', field);
    const u = URL.parse(url);
    if (u === null) throw bad('is not a URL');
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw bad('must be an http or https URL');
    if (u.username || u.password) throw bad('must not carry credentials');
    if (!this.allows(u.hostname)) throw bad(`host ${u.hostname} is not among WEBHOOK_ALLOWED_HOSTS`);
    return u.toString();
  }
}
