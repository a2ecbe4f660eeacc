import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/connect.js';
import type { BackgroundJobs } from './jobs/background.js';
import type { Mailer } from './providers/mail/mailer.js';

export interface ShutdownOptions {
  handle: DbHandle;
  mailer: Pick<Mailer, 'idle'>;
  /** The process's background jobs (`--role=all`), stopped at the signal beside the requests in flight. */
  jobs?: Pick<BackgroundJobs, 'stop'> | null;
  /** After this long the shutdown gives up waiting, so that one hanging request or job cannot keep the process. */
  deadlineMs: number;
}

/**
 * Resolves true when `work` finished within `deadlineMs`, false (after calling `onLate`) when the
 * deadline passed first; rejects when `work` failed in time.
 */
export function finishedWithin(work: Promise<unknown>, deadlineMs: number, onLate: () => void): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const deadline = setTimeout(() => {
      onLate();
      resolve(false);
    }, deadlineMs);
    work.then(
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

/**
 * Makes closing the app also deliver the mail queued so far and then close the database, after the
 * last in-flight request is answered, and returns the shutdown to run on SIGTERM: stop accepting and
 * stop the background jobs at once (a worker gives its queue item back for another worker to take
 * now), finish what is in flight, deliver queued mail, close. It resolves true when all of that
 * finished, false when the deadline passed first. Call it before the app starts listening (it adds hooks).
 */
export function gracefulShutdown(
  app: FastifyInstance,
  { handle, mailer, jobs, deadlineMs }: ShutdownOptions,
): (signal: string) => Promise<boolean> {
  let closing: Promise<boolean> | null = null;
  let jobsStopped: Promise<unknown> = Promise.resolve();
  // Answers finished during shutdown end their keep-alive connection, or close() would wait for it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  // onClose runs once the server has stopped and the last request is answered; the jobs' last
  // writes (the item a worker gives back) and their mail also come before the database closes.
  app.addHook('onClose', async () => {
    await jobsStopped;
    await mailer.idle();
    await handle.close();
  });
  return (signal) => {
    if (!closing) {
      app.log.info(`${signal} received: finishing in-flight requests, background jobs and queued mail`);
      const stopping = jobs ? jobs.stop() : Promise.resolve();
      // A job that fails to stop fails the shutdown (below), and must not also fail the close.
      jobsStopped = stopping.catch(() => {});
      closing = finishedWithin(Promise.all([stopping, app.close()]), deadlineMs, () =>
        app.log.error(`Shutdown took longer than ${deadlineMs} ms: exiting with requests, jobs or mail unfinished`),
      );
    }
    return closing;
  };
}
