/** Starts the service: configuration first (a clear message and exit 1 when it is wrong), then HTTP. */
import './gc-tuning';
import './production-defaults';
import { ConfigError, loadConfig } from './config/config';
import { createApp } from './app.factory';
import { DirectoryInUseError } from './games/database/directory-lock';
import { DatabaseService } from './games/database/database.service';
import { endLogs } from './http/pino-logger';

/** Logging must never stop a shutdown: with stdout a pipe whose reader is gone, every write fails. */
function quietly(write: () => void): void {
  try {
    write();
  } catch {
    /* nowhere left to write to */
  }
}

async function main(): Promise<void> {
  // A closed stdout or stderr (`npm start | cat` stopped with Ctrl-C) raises EPIPE on the next write;
  // unheard, that error would end the process before it could close in order, or leave it stuck.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  let app;
  try {
    app = await createApp(config);
  } catch (e) {
    if (e instanceof DirectoryInUseError) {
      process.stderr.write(`refusing to start: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const log = app.getHttpAdapter().getInstance().log;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    quietly(() => log.info({ signal }, 'shutting down: finishing in-flight requests'));
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => {
      quietly(() => log.error('shutdown took longer than 10 s; exiting'));
      void endLogs(500).then(() => process.exit(1));
    }, 10_000).unref();
    try {
      await app.close();
      quietly(() => log.info('shut down'));
      await endLogs();
      process.exit(0);
    } catch (e) {
      quietly(() => log.error({ err: e }, 'shutdown failed'));
      await endLogs();
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  if (!config.databaseUrl) {
    // The embedded database runs on this thread and holds it while it opens (seconds on a fresh
    // directory): opened before listening, so that no request waits behind it and /health is only
    // answered by a process that can serve (the container's start period covers it).
    log.info({ dir: config.pgliteDir }, 'opening the embedded database before listening');
    await app.get(DatabaseService).firstConnection();
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    // The port is taken (or similar): release the database, the embedded directory included, and say why.
    await app.close().catch(() => undefined);
    throw e;
  }
  log.info({ port: config.port, host: config.host }, 'tafl rules service listening');
}

main().catch((e: unknown) => {
  quietly(() => process.stderr.write(`failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`));
  process.exit(1);
});
