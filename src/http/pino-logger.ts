/** Nest's logger writing through the same pino instance as Fastify, so every line is one JSON object. */
import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';
import { LogLevel } from '../config/config';

/**
 * Where log lines go: stdout, written asynchronously (pino's own sonic-boom: lines that arrive while a
 * write is under way go out together in the next, and pino flushes what is left when the process
 * exits), so that a request never waits for a write. One per process, however many apps it builds
 * (the tests build many).
 */
let stdout: DestinationStream | null = null;

/**
 * pino's isoTime, formatted once per millisecond: at tens of thousands of lines a second most lines
 * share their millisecond, and formatting a date cost almost a microsecond a line inside the service.
 */
let lastMs = -1;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

export function createPino(level: LogLevel): Logger {
  return pino({ level, base: { service: 'tafl-rules' }, timestamp: isoTime }, (stdout ??= pino.destination({ dest: 1, sync: false })));
}

export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ context, ...message });
    else this.pino[level]({ context }, String(message));
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    const trace = typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    this.write('error', trace ? `${String(message)}\n${trace}` : message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
}
