import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { reusableQuery } from './reusable-query.js';

describe.each(testDatabaseKinds)('reusableQuery on $name', (kind) => {
  const target = useTestApp(kind);

  beforeAll(async () => {
    const now = new Date().toISOString();
    await target.handle.db
      .insertInto('categories')
      .values(['Agents', 'Robotics', 'Vision'].map((name) => ({ name, created_at: now })))
      .execute();
  });

  it('binds new arguments on every run, in the order the compiled SQL expects them', async () => {
    const { db } = target.handle;
    const namesBetween = reusableQuery(db, (args: { from: string; to: string; max: number }) =>
      db
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
    const { db } = target.handle;
    const vision = reusableQuery(db, (args: { max: number }) =>
      db.selectFrom('categories').select('name').where('name', '=', 'Vision').limit(args.max),
    );
    expect(await vision({ max: 5 })).toEqual([{ name: 'Vision' }]);
  });
});
