import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gracefulShutdown } from './lifecycle.js';
import { startTestApp, type TestApp } from './test/app.js';
import { type TestDatabase, testDatabaseKinds } from './test/databases.js';

describe.each(testDatabaseKinds)('graceful shutdown on $name', (kind) => {
  let database: TestDatabase;
  let target: TestApp;

  beforeAll(async () => {
    database = await kind.create();
    target = await startTestApp(database);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('answers the request in flight, then closes the database', async () => {
    let release = () => {};
    let entered = () => {};
    const handlerEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A request held open by the test, standing in for a slow real one.
    target.app.get('/held', async () => {
      entered();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { finished: true };
    });
    const shutdown = gracefulShutdown(target.app, target.handle);
    const address = await target.app.listen({ port: 0, host: '127.0.0.1' });

    const response = fetch(`${address}/held`);
    await handlerEntered;
    let closed = false;
    const closing = shutdown('SIGTERM').then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    await expect(fetch(`${address}/api/health/live`)).rejects.toThrow();

    release();
    expect(await (await response).json()).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
    await expect(target.handle.db.selectFrom('papers').selectAll().execute()).rejects.toThrow();
  });
});
