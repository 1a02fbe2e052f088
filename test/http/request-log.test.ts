/** The request log line, put together by hand, is the line pino itself would write for the same fields. */
import pino from 'pino';
import { logRequest } from '../../src/http/request-log';

function capture(level: pino.Level = 'info'): { log: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const log = pino(
    { level, base: { service: 'tafl-rules' }, timestamp: pino.stdTimeFunctions.isoTime },
    { write: (l: string) => void lines.push(l) },
  );
  return { log, lines };
}

const withoutTime = (line: string) => line.replace(/"time":"[^"]*"/, '"time":"T"');

describe('request log line', () => {
  it.each([
    ['plain', 'f497cf77-3974-402e-b2a3-375a0e6b3b3c', 'POST', '/v1/legal-moves', 200, 0.63, '127.0.0.1'],
    [
      'a client-chosen id and URL needing escapes',
      'id "quoted" \\ back\tslash',
      'GET',
      '/v1/variants/x%20y/legal-moves?moves=a"b',
      404,
      12.345,
      '::ffff:10.0.0.1',
    ],
    ['non-ASCII text', 'ид-ö', 'GET', '/ö?x=½', 304, 0, '10.0.0.2'],
  ])('%s: byte for byte what pino writes (time aside), one JSON object a line', (_name, reqId, method, url, status, ms, ip) => {
    const ours = capture();
    const theirs = capture();
    logRequest(ours.log, reqId, method, url, status, ms, ip);
    theirs.log.child({ reqId }).info({ method, url, status, ms: Math.round(ms * 100) / 100, ip }, 'request');
    expect(ours.lines).toHaveLength(1);
    expect(withoutTime(ours.lines[0])).toBe(withoutTime(theirs.lines[0]));
    expect(ours.lines[0].endsWith('}\n')).toBe(true);
    expect(JSON.parse(ours.lines[0])).toMatchObject({ level: 30, service: 'tafl-rules', reqId, method, url, status, ip, msg: 'request' });
    expect(new Date(JSON.parse(ours.lines[0]).time).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('rounds the duration to hundredths of a millisecond', () => {
    const { log, lines } = capture();
    logRequest(log, 'r', 'GET', '/', 200, 1.23456, '::1');
    expect(JSON.parse(lines[0]).ms).toBe(1.23);
  });

  it('writes nothing when the level is above info', () => {
    const { log, lines } = capture('warn');
    logRequest(log, 'r', 'GET', '/', 200, 1, '::1');
    expect(lines).toEqual([]);
  });
});
