type Env = Record<string, string | undefined>;

const isCi = (env: Env) => Boolean(env.CI) && !['false', '0'].includes(String(env.CI).toLowerCase());

/**
 * Without TEST_DATABASE_URL the PostgreSQL variants of the server tests do not run. On a developer's
 * machine that earns one notice; in CI it is an error, since CI must prove both databases.
 */
export function postgresTestNotice(env: Env): string | null {
  if (env.TEST_DATABASE_URL) return null;
  if (isCi(env)) {
    throw new Error('TEST_DATABASE_URL is not set: CI must run the server tests on PostgreSQL too.');
  }
  return 'TEST_DATABASE_URL is not set: server tests run on SQLite only (set it to postgres://… to run them on PostgreSQL too).';
}
