import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { gracefulShutdown } from './lifecycle.js';
import { createLogger } from './logger.js';
import { SSR_ENTRY_FILE, WEB_DIST_DIR } from './paths.js';
import { createServices } from './services.js';
import { openDatabase } from './startup.js';

async function main(): Promise<void> {
  // Read before the default below: NODE_ENV=production set by the operator makes PUBLIC_URL required.
  const config = loadConfig();
  // The server renderer loads React after this line: its production build, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const log = createLogger(config.logLevel);
  if (config.publicUrlIsDefault) {
    log.warn(`PUBLIC_URL is not set: links in mail, feeds and the sitemap point to ${config.publicUrl}`);
  }
  const handle = await openDatabase(config, log);
  const services = createServices({ config, handle, log });
  const app = await buildApp({ services, webDir: WEB_DIST_DIR, ssrEntryFile: SSR_ENTRY_FILE });
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

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
