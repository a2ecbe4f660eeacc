import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type BackgroundJobs, startBackgroundJobs } from './jobs/background.js';
import { gracefulShutdown } from './lifecycle.js';
import { createLogger } from './logger.js';
import { SSR_ENTRY_FILE, WEB_DIST_DIR } from './paths.js';
import { createServices } from './services.js';
import { openDatabase } from './startup.js';

const ROLES = ['web', 'worker', 'all'] as const;
type Role = (typeof ROLES)[number];

/** `--role=web` serves HTTP, `--role=worker` processes the queue, `--role=all` (the default) does both. */
function roleFromArgs(): Role {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const role = ROLES.find((name) => name === values.role);
  if (!role) throw new ConfigError([`--role: must be one of ${ROLES.join(', ')} (got "${values.role}")`]);
  return role;
}

function onSignal(stop: (signal: string) => Promise<void>, log: (error: unknown) => void): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          log(error);
          process.exit(1);
        },
      );
    });
  }
}

async function main(): Promise<void> {
  // The server renderer loads React after this line: its production build, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const role = roleFromArgs();
  const config = loadConfig();
  // Only web processes load the demo papers, so processes started together never seed twice.
  const handle = await openDatabase(role === 'worker' ? { ...config, seedDemo: false } : config, (message) =>
    console.log(message),
  );
  const log = createLogger(config.logLevel);
  const services = createServices({ config, handle, log });

  if (role === 'worker') {
    const jobs = startBackgroundJobs(services);
    log.info('queue worker started');
    onSignal(
      async () => {
        await jobs.stop();
        await services.close();
        await handle.close();
      },
      (error) => log.error({ err: error }, 'shutdown failed'),
    );
    return;
  }

  const app = await buildApp({ services, webDir: WEB_DIST_DIR, ssrEntryFile: SSR_ENTRY_FILE });
  app.addHook('onClose', () => services.close());
  const shutdown = gracefulShutdown(app, handle);
  const jobs: BackgroundJobs | null = role === 'all' ? startBackgroundJobs(services) : null;
  onSignal(
    async (signal) => {
      await jobs?.stop();
      await shutdown(signal);
    },
    (error) => app.log.error({ err: error }, 'shutdown failed'),
  );
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
