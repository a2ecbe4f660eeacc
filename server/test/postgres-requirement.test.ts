import { describe, expect, it } from 'vitest';
import { postgresTestNotice } from './postgres-requirement.js';

describe('the PostgreSQL test database', () => {
  it('is announced as missing on a developer machine', () => {
    expect(postgresTestNotice({})).toMatch(/TEST_DATABASE_URL is not set: server tests run on SQLite only/);
    expect(postgresTestNotice({ CI: 'false' })).toMatch(/SQLite only/);
  });

  it('is required in CI', () => {
    expect(() => postgresTestNotice({ CI: 'true' })).toThrow(/CI must run the server tests on PostgreSQL/);
    expect(() => postgresTestNotice({ CI: '1' })).toThrow(/TEST_DATABASE_URL is not set/);
  });

  it('says nothing when it is set', () => {
    expect(postgresTestNotice({ CI: 'true', TEST_DATABASE_URL: 'postgres://127.0.0.1/test' })).toBeNull();
  });
});
