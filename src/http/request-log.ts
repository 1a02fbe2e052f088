/**
 * The one log line every HTTP request ends with, whichever path answered it. It is the line
 * `log.info({ reqId, method, url, status, ms, ip }, 'request')` would write, put together here from
 * the logger's own time function and bindings: pino's generic serializer cost about 4 µs a request
 * inside the service, a sixth of an answer-cache hit (measured with the line on and off).
 */
import pino, { Logger } from 'pino';

const { timeSym, chindingsSym, streamSym } = pino.symbols;

/** `ms` is rounded to hundredths; `url`, `reqId` and `ip` come from the client and are escaped. */
export function logRequest(log: Logger, reqId: string, method: string, url: string, status: number, ms: number, ip: string): void {
  if (!log.isLevelEnabled('info')) return;
  const p = log as unknown as Record<symbol, unknown>;
  const time = (p[timeSym] as () => string)();
  (p[streamSym] as { write(line: string): unknown }).write(
    `{"level":${log.levels.values.info}${time}${p[chindingsSym] as string},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},` +
      `"url":${JSON.stringify(url)},"status":${status},"ms":${Math.round(ms * 100) / 100},"ip":${JSON.stringify(ip)},"msg":"request"}\n`,
  );
}
