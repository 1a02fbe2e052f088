/** Starts the service: configuration first (a clear message and exit 1 when it is wrong), then HTTP. */
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
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info({ port: config.port, host: config.host }, 'tafl rules service listening');
}

main().catch((e: unknown) => {
  process.stderr.write(`failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
