/** Starts the service: configuration first (a clear message and exit 1 when it is wrong), then HTTP. */
import './production-defaults';
import { ConfigError, loadConfig } from './config/config';
import { createApp } from './app.factory';

async function main(): Promise<void> {
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
  const app = await createApp(config);
  const log = app.getHttpAdapter().getInstance().log;
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    await app.close();
    log.info('shut down');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  log.info({ port: config.port, host: config.host }, 'tafl rules service listening');
}

main().catch((e: unknown) => {
  process.stderr.write(`failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
