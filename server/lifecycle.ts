import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/connect.js';
import type { Mailer } from './providers/mail/mailer.js';

export interface ShutdownOptions {
  handle: DbHandle;
  mailer: Pick<Mailer, 'idle'>;
  /** After this long the shutdown gives up waiting, so that one hanging request cannot keep the process. */
  deadlineMs: number;
}

/**
 * Makes closing the app also deliver the mail queued so far and then close the database, after the
 * last in-flight request is answered, and returns the shutdown to run on SIGTERM: stop accepting,
 * finish what is in flight, deliver queued mail, close. It resolves true when all of that finished,
 * false when the deadline passed first. Call it before the app starts listening (it adds hooks).
 */
export function gracefulShutdown(
  app: FastifyInstance,
  { handle, mailer, deadlineMs }: ShutdownOptions,
): (signal: string) => Promise<boolean> {
  let closing: Promise<boolean> | null = null;
  // Answers finished during shutdown end their keep-alive connection, or close() would wait for it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  // onClose runs once the server has stopped and the last request is answered: no more mail can be queued.
  app.addHook('onClose', async () => {
    await mailer.idle();
    await handle.close();
  });
  return (signal) => {
    if (!closing) {
      app.log.info(`${signal} received: finishing in-flight requests and queued mail`);
      closing = new Promise<boolean>((resolve, reject) => {
        const deadline = setTimeout(() => {
          app.log.error(`Shutdown took longer than ${deadlineMs} ms: exiting with requests or mail unfinished`);
          resolve(false);
        }, deadlineMs);
        app.close().then(
          () => {
            clearTimeout(deadline);
            resolve(true);
          },
          (error: unknown) => {
            clearTimeout(deadline);
            reject(error);
          },
        );
      });
    }
    return closing;
  };
}
