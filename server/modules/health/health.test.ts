import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationsFor } from '../../db/migrations/index.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';

describe.each(testDatabaseKinds)('health checks on $name', (kind) => {
  const target = useTestApp(kind);
  const newest = Object.keys(migrationsFor(kind.name)).at(-1) ?? '';

  it('answers ready with the newest migration while the database answers and is up to date', async () => {
    const response = await target.app.inject('/api/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', migration: newest });
    expect((await target.app.inject('/api/health/live')).json()).toEqual({ status: 'ok' });
  });

  it('answers not ready, 503 with Retry-After, while the database lacks a migration of this version', async () => {
    const { db } = target.handle;
    const { rows } = await sql<{
      timestamp: string;
    }>`select timestamp from kysely_migration where name = ${newest}`.execute(db);
    await sql`delete from kysely_migration where name = ${newest}`.execute(db);
    try {
      const response = await target.app.inject('/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'unavailable',
        message: `The database lacks this version's migrations ${newest}; a restart runs them.`,
        requestId: response.headers['x-request-id'],
      });
      expect((await target.app.inject('/api/health/live')).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest}, ${rows[0]?.timestamp})`.execute(db);
    }
    expect((await target.app.inject('/api/health/ready')).statusCode).toBe(200);
  });
});
