/**
 * Who a client is, for every per-client limit: its address, or the X-Forwarded-For address a trusted
 * proxy gives. One definition for Fastify (`request.ip`) and for the WebSocket upgrades that never
 * reach Fastify's routing.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { AppConfig } from '../config/config';

export type ProxyTrust = (address: string, hop: number) => boolean;

/** A hop count trusts that many proxies nearest to us, so an X-Forwarded-For a client wrote itself is ignored. */
export function proxyTrust(setting: AppConfig['trustProxy']): ProxyTrust | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

export function clientAddress(request: IncomingMessage, trust: ProxyTrust | false): string {
  if (trust === false) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}
