/** Nest's logger writing through the same pino instance as Fastify, so every line is one JSON object. */
import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../config/config';

/** Log lines are gathered up to this many bytes, or for FLUSH_EVERY_MS, and written at once. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 200;

/**
 * Lines go to stdout in batches: one write per line cost about a seventh of the CPU of a cached
 * answer (a system call each), one write per few dozen lines costs next to nothing. Nothing waits
 * longer than FLUSH_EVERY_MS, and what is buffered is written out when the process exits.
 */
let stdout: ReturnType<typeof pino.destination> | null = null;

/** One buffered stdout per process, however many apps it builds (the tests build many). */
function bufferedStdout(): ReturnType<typeof pino.destination> {
  if (stdout) return stdout;
  const dest = (stdout = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES }));
  setInterval(() => {
    try {
      dest.flush();
    } catch {
      /* not ready yet, or stdout is gone: nothing to do */
    }
  }, FLUSH_EVERY_MS).unref();
  process.once('exit', () => {
    try {
      dest.flushSync();
    } catch {
      /* stdout is gone */
    }
  });
  return dest;
}

export function createPino(level: LogLevel): Logger {
  return pino({ level, base: { service: 'tafl-rules' }, timestamp: pino.stdTimeFunctions.isoTime }, bufferedStdout());
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
