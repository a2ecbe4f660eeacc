import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/app.js';
import { type TestDatabase, testDatabaseKinds } from './test/databases.js';

const postgresKind = testDatabaseKinds.find((kind) => kind.name === 'postgres');

describe.skipIf(!postgresKind)('PostgreSQL connections lost or exhausted', () => {
  const applicationName = `outage_${process.pid}`;
  const lines: string[] = [];
  let database: TestDatabase;
  let target: TestApp;
  let url: string;

  beforeAll(async () => {
    if (!postgresKind) return;
    database = await postgresKind.create();
    const named = new URL(database.env.DATABASE_URL ?? '');
    named.searchParams.set('application_name', applicationName);
    url = named.toString();
    target = await startTestApp(
      database,
      {
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
        DATABASE_CONNECT_TIMEOUT_MS: '300',
        DATABASE_STATEMENT_TIMEOUT_MS: '500',
      },
      { logDestination: { write: (line: string) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await target?.close();
    await database?.dispose();
  });

  async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url.replace(applicationName, `${applicationName}_admin`) });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }

  it('logs the loss of idle connections, replaces them, and answers as before', async () => {
    const health = () => target.app.inject('/api/health');
    expect((await Promise.all([health(), health(), health()])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const terminated = await withAdmin(async (admin) => {
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      return rows.length;
    });
    expect(terminated).toBeGreaterThan(0);
    // Each idle connection of the pool, and the one that listens for paper changes, reports its loss.
    const reported = () =>
      lines.filter(
        (line) =>
          line.includes('idle database connection was closed') ||
          line.includes('lost the connection that listens for paper changes'),
      ).length;
    for (let attempt = 0; reported() < terminated; attempt++) {
      if (attempt > 100) throw new Error(`no log of the lost connections: ${lines.join('')}`);
      await sleep(50);
    }
    expect((await health()).statusCode).toBe(200);
    expect((await target.app.inject('/api/papers')).statusCode).toBe(200);
  });

  it('answers 503 when a statement runs out of time or no connection frees up, instead of waiting forever', async () => {
    await withAdmin(async (admin) => {
      // The readiness route makes one read of the migrations table; held locked, every such read
      // waits. Twelve at once: ten take the pool's connections and run out of time, two wait for one.
      await admin.query('begin');
      await admin.query('lock table kysely_migration in access exclusive mode');
      try {
        const responses = await Promise.all(Array.from({ length: 12 }, () => target.app.inject('/api/health/ready')));
        for (const response of responses) {
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBe('5');
          expect(response.json().error).toBe('unavailable');
        }
        const reasons = lines.filter((line) => line.includes('not ready')).join('\n');
        expect(reasons).toContain('statement timeout');
        expect(reasons).toContain('timeout exceeded when trying to connect');
      } finally {
        await admin.query('rollback');
      }
    });
    expect((await target.app.inject('/api/health/ready')).statusCode).toBe(200);
  });
});
