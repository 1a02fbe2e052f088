/** Nest's logger writing through the same pino instance as Fastify, so every line is one JSON object. */
import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../config/config';

/** Bytes of log lines gathered before they are written: some tens of request lines. */
const BATCH_BYTES = 8 * 1024;
/** The longest a line waits when too few follow it to fill a batch. */
const FLUSH_EVERY_MS = 200;

/**
 * Where log lines go: stdout, written asynchronously in batches (pino's own sonic-boom, flushed at
 * least every FLUSH_EVERY_MS, and by pino when the process exits), so that a request never waits for
 * a write and a batch of lines, not each line, costs a write through the thread pool. One per process,
 * however many apps it builds (the tests build many).
 */
let stdout: ReturnType<typeof pino.destination> | null = null;

function destination(): ReturnType<typeof pino.destination> {
  if (stdout) return stdout;
  const d = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  // A closed stdout (a pipe whose reader is gone) fails every write: there is nowhere left to say so.
  d.on('error', () => undefined);
  setInterval(() => d.flush(), FLUSH_EVERY_MS).unref();
  return (stdout = d);
}

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

/**
 * Writes what is gathered, then closes the destination, before the process exits. pino would
 * otherwise write it at exit with a synchronous loop that retries until the write succeeds: with
 * stdout a pipe nobody reads any more, that loop never ends and the process never exits. Lines not
 * written within `waitMs` are dropped.
 */
export async function endLogs(waitMs = 1000): Promise<void> {
  const d = stdout;
  if (!d) return;
  await new Promise<void>((resolve) => {
    const late = setTimeout(resolve, waitMs);
    d.flush(() => {
      clearTimeout(late);
      resolve();
    });
  });
  d.destroy();
}

export function createPino(level: LogLevel): Logger {
  return pino({ level, base: { service: 'tafl-rules' }, timestamp: isoTime }, destination());
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
