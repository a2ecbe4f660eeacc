import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from './lifecycle.js';
import { signUp } from './test/accounts.js';
import { startTestApp, type TestApp } from './test/app.js';
import { type TestDatabase, testDatabaseKinds } from './test/databases.js';
import { startSmtpServer, type TestSmtpServer } from './test/smtp.js';

/** A route the test holds open, standing in for a slow or hanging request. */
function addHeldRoute(target: TestApp) {
  let release = () => {};
  let entered = () => {};
  const handlerEntered = new Promise<void>((resolve) => {
    entered = resolve;
  });
  target.app.get('/held', async () => {
    entered();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { finished: true };
  });
  return { handlerEntered, release: () => release() };
}

describe.each(testDatabaseKinds)('graceful shutdown on $name', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function start(env: Record<string, string> = {}): Promise<TestApp> {
    const database: TestDatabase = await kind.create();
    cleanups.push(() => database.dispose());
    const target = await startTestApp(database, env);
    cleanups.push(() => target.close());
    return target;
  }
  const shutdownOf = (target: TestApp, deadlineMs = 10_000) =>
    gracefulShutdown(target.app, { handle: target.handle, mailer: target.services.mailer, deadlineMs });

  it('answers the request in flight, then closes the database', async () => {
    const target = await start();
    const held = addHeldRoute(target);
    const shutdown = shutdownOf(target);
    const address = await target.app.listen({ port: 0, host: '127.0.0.1' });

    const response = fetch(`${address}/held`);
    await held.handlerEntered;
    let closed = false;
    const closing = shutdown('SIGTERM').then((finished) => {
      closed = finished;
    });
    await sleep(200);
    expect(closed).toBe(false);
    await expect(fetch(`${address}/api/health/live`)).rejects.toThrow();

    held.release();
    expect(await (await response).json()).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
    await expect(target.handle.db.selectFrom('papers').selectAll().execute()).rejects.toThrow();
  });

  it('delivers the mail queued by answered requests before it finishes', async () => {
    const smtp: TestSmtpServer = await startSmtpServer({ replyDelayMs: 500 });
    cleanups.push(() => smtp.close());
    const target = await start({ SMTP_URL: smtp.url });
    const shutdown = shutdownOf(target);
    expect((await signUp(target.app, { email: 'late@example.org' })).statusCode).toBe(201);

    expect(await shutdown('SIGTERM')).toBe(true);
    expect(smtp.received.map((mail) => mail.to)).toEqual(['late@example.org']);
  });

  it('stops the background jobs at the signal, and closes the database only once they have stopped', async () => {
    const target = await start();
    const events: string[] = [];
    let letJobsFinish = () => {};
    const jobsMayFinish = new Promise<void>((resolve) => {
      letJobsFinish = resolve;
    });
    const jobs = {
      async stop() {
        events.push('jobs stopping');
        await jobsMayFinish;
        events.push('jobs stopped');
      },
    };
    const handle = {
      ...target.handle,
      async close() {
        events.push('database closed');
        await target.handle.close();
      },
    };
    const shutdown = gracefulShutdown(target.app, { handle, mailer: target.services.mailer, jobs, deadlineMs: 10_000 });
    await target.app.listen({ port: 0, host: '127.0.0.1' });
    const serverClosed = new Promise((resolve) => target.app.server.once('close', resolve));

    const closing = shutdown('SIGTERM');
    expect(events).toEqual(['jobs stopping']);
    // The server has stopped: a shutdown that did not wait for the jobs would close the database now.
    await serverClosed;
    await new Promise(setImmediate);
    letJobsFinish();
    expect(await closing).toBe(true);
    expect(events).toEqual(['jobs stopping', 'jobs stopped', 'database closed']);
  });

  it('gives up after its deadline when a background job never stops', async () => {
    const target = await start();
    let letJobsStop = () => {};
    const jobs = {
      stop: () =>
        new Promise<void>((resolve) => {
          letJobsStop = resolve;
        }),
    };
    const shutdown = gracefulShutdown(target.app, {
      handle: target.handle,
      mailer: target.services.mailer,
      jobs,
      deadlineMs: 300,
    });
    expect(await shutdown('SIGTERM')).toBe(false);
    // Lets the app close after the test.
    letJobsStop();
  });

  it('gives up after its deadline when a request never finishes', async () => {
    const target = await start();
    const held = addHeldRoute(target);
    const shutdown = shutdownOf(target, 300);
    const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
    const response = fetch(`${address}/held`).catch(() => null);
    await held.handlerEntered;

    expect(await shutdown('SIGTERM')).toBe(false);
    held.release();
    await response;
  });
});
