import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { gracefulShutdown } from './lifecycle.js';
import { createLogger } from './logger.js';
import { SSR_ENTRY_FILE, WEB_DIST_DIR } from './paths.js';
import { createServices } from './services.js';
import { openDatabase } from './startup.js';

async function main(): Promise<void> {
  // The server renderer loads React after this line: its production build, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const config = loadConfig();
  const handle = await openDatabase(config, (message) => console.log(message));
  const services = createServices({ config, handle, log: createLogger(config.logLevel) });
  const app = await buildApp({ services, webDir: WEB_DIST_DIR, ssrEntryFile: SSR_ENTRY_FILE });
  app.addHook('onClose', () => services.close());
  const shutdown = gracefulShutdown(app, handle);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
