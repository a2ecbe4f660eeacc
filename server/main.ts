import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { type BackgroundJobs, startBackgroundJobs } from './jobs/background.js';
import { finishedWithin, gracefulShutdown } from './lifecycle.js';
import { createLogger } from './logger.js';
import { SSR_ENTRY_FILE, WEB_DIST_DIR } from './paths.js';
import { createServices } from './services.js';
import { openDatabase } from './startup.js';
import { startupFailureMessage } from './startup-failure.js';

const ROLES = ['web', 'worker', 'all'] as const;
type Role = (typeof ROLES)[number];

/** `--role=web` serves HTTP, `--role=worker` processes the queue, `--role=all` (the default) does both. */
function roleFromArgs(): Role {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
  const role = ROLES.find((name) => name === values.role);
  if (!role) throw new ConfigError([`--role: must be one of ${ROLES.join(', ')} (got "${values.role}")`]);
  return role;
}

/** Runs `stop` on SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it gave up or failed. */
function onSignal(stop: (signal: string) => Promise<boolean>, logFailure: (error: unknown) => void): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stop(signal).then(
        (finished) => process.exit(finished ? 0 : 1),
        (error: unknown) => {
          logFailure(error);
          process.exit(1);
        },
      );
    });
  }
}

async function main(config: AppConfig, role: Role): Promise<void> {
  // The server renderer loads React after this line: its production build, unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const log = createLogger(config.logLevel);
  if (config.publicUrlIsDefault) {
    log.warn(`PUBLIC_URL is not set: links in mail, feeds and the sitemap point to ${config.publicUrl}`);
  }
  // Only web processes load the demo papers, so processes started together never seed twice.
  const handle = await openDatabase(role === 'worker' ? { ...config, seedDemo: false } : config, log);
  const services = createServices({ config, handle, log });
  // Says at start, in one line, which vector index serves search (or why there is none).
  services.vectorSupport().catch((error: unknown) => log.warn({ err: error }, 'could not look for a vector index'));

  if (role === 'worker') {
    const jobs = startBackgroundJobs(services);
    log.info('queue worker started');
    let stopped: Promise<void> | null = null;
    onSignal(
      (signal) => {
        if (!stopped) {
          log.info(`${signal} received: stopping the background jobs`);
          stopped = jobs
            .stop()
            .then(() => services.close())
            .then(() => handle.close());
        }
        return finishedWithin(stopped, config.shutdownTimeoutMs, () =>
          log.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms: exiting with jobs unfinished`),
        );
      },
      (error) => log.error({ err: error }, 'shutdown failed'),
    );
    return;
  }

  const app = await buildApp({ services, webDir: WEB_DIST_DIR, ssrEntryFile: SSR_ENTRY_FILE });
  const jobs: BackgroundJobs | null = role === 'all' ? startBackgroundJobs(services) : null;
  const shutdown = gracefulShutdown(app, {
    handle,
    mailer: services.mailer,
    jobs,
    deadlineMs: config.shutdownTimeoutMs,
  });
  // Added after the shutdown's hooks, so it runs once the jobs that use the services have stopped.
  app.addHook('onClose', () => services.close());
  onSignal(shutdown, (error) => app.log.error({ err: error }, 'shutdown failed'));
  await app.listen({ port: config.port, host: config.host });
  services.search
    .warmUp()
    .catch((error: unknown) => log.warn({ err: error }, 'could not prepare search (full-text index, embedding model)'));
}

/** Start-up failures an operator can fix print one line; anything else prints its stack. */
function fail(problem: unknown): never {
  console.error(problem);
  process.exit(1);
}

let config: AppConfig;
let role: Role;
try {
  role = roleFromArgs();
  // Read before main() defaults NODE_ENV: NODE_ENV=production set by the operator makes PUBLIC_URL required.
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : error);
}
main(config, role).catch((error: unknown) => fail(startupFailureMessage(error, config) ?? error));
