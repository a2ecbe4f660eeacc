import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { gracefulShutdown } from './lifecycle.js';
import { createLogger } from './logger.js';
import { SSR_ENTRY_FILE, WEB_DIST_DIR } from './paths.js';
import { createServices } from './services.js';
import { openDatabase } from './startup.js';
import { startupFailureMessage } from './startup-failure.js';

async function main(config: AppConfig): Promise<void> {
  // The server renderer loads React after this line: its production build, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const log = createLogger(config.logLevel);
  if (config.publicUrlIsDefault) {
    log.warn(`PUBLIC_URL is not set: links in mail, feeds and the sitemap point to ${config.publicUrl}`);
  }
  const handle = await openDatabase(config, log);
  const services = createServices({ config, handle, log });
  const app = await buildApp({ services, webDir: WEB_DIST_DIR, ssrEntryFile: SSR_ENTRY_FILE });
  app.addHook('onClose', () => services.close());
  const shutdown = gracefulShutdown(app, { handle, mailer: services.mailer, deadlineMs: config.shutdownTimeoutMs });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      shutdown(signal).then(
        (finished) => process.exit(finished ? 0 : 1),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

/** Start-up failures an operator can fix print one line; anything else prints its stack. */
function fail(problem: unknown): never {
  console.error(problem);
  process.exit(1);
}

let config: AppConfig;
try {
  // Read before main() defaults NODE_ENV: NODE_ENV=production set by the operator makes PUBLIC_URL required.
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : error);
}
main(config).catch((error: unknown) => fail(startupFailureMessage(error, config) ?? error));
