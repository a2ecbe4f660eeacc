import type { FastifyInstance } from 'fastify';
import type { AuthService } from './service.js';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges before the app starts serving and then every hour, on a timer rather than in a request, so
 * no visitor waits for it; closing the app stops the timer and waits for a purge under way.
 */
export function scheduleHousekeeping(app: FastifyInstance, auth: Pick<AuthService, 'purgeExpired' | 'close'>): void {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const purge = () => {
    running = auth.purgeExpired().catch((error: unknown) => app.log.error({ err: error }, 'purge failed'));
  };
  app.addHook('onReady', async () => {
    purge();
    await running;
    timer = setInterval(purge, HOUSEKEEPING_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await auth.close();
  });
}
