import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/connect.js';

/**
 * Makes closing the app also close the database, after the last in-flight request is answered, and
 * returns the shutdown to run on SIGTERM: stop accepting, finish what is in flight, then close.
 * Call it before the app starts listening (it adds hooks).
 */
export function gracefulShutdown(app: FastifyInstance, handle: DbHandle): (signal: string) => Promise<void> {
  let closing: Promise<void> | null = null;
  // Answers finished during shutdown end their keep-alive connection, or close() would wait for it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  app.addHook('onClose', () => handle.close());
  return (signal) => {
    if (!closing) {
      app.log.info(`${signal} received: finishing in-flight requests`);
      closing = app.close();
    }
    return closing;
  };
}
