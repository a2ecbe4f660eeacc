import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { reusableQuery } from './reusable-query.js';

describe('reusableQuery', () => {
  let handle: DbHandle;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'reusable-'));
    handle = connectDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(handle);
    const now = new Date().toISOString();
    await handle.db
      .insertInto('categories')
      .values(['Agents', 'Robotics', 'Vision'].map((name) => ({ name, created_at: now })))
      .execute();
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds new arguments on every run, in the order the compiled SQL expects them', async () => {
    const namesBetween = reusableQuery(handle.db, (args: { from: string; to: string; max: number }) =>
      handle.db
        .selectFrom('categories')
        .select('name')
        .where('name', '>=', args.from)
        .where('name', '<=', args.to)
        .orderBy('name')
        .limit(args.max),
    );
    expect((await namesBetween({ from: 'A', to: 'S', max: 10 })).map((r) => r.name)).toEqual(['Agents', 'Robotics']);
    expect((await namesBetween({ to: 'Z', max: 1, from: 'B' })).map((r) => r.name)).toEqual(['Robotics']);
  });

  it('keeps constant values the query was built with', async () => {
    const vision = reusableQuery(handle.db, (args: { max: number }) =>
      handle.db.selectFrom('categories').select('name').where('name', '=', 'Vision').limit(args.max),
    );
    expect(await vision({ max: 5 })).toEqual([{ name: 'Vision' }]);
  });
});
