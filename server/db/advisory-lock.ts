import { sql } from 'kysely';

/**
 * Takes a PostgreSQL advisory lock held until the transaction ends, one per purpose and schema (so
 * that databases sharing a server, as tests do, never wait for each other).
 */
export const transactionLock = (purpose: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${purpose} || current_schema()))`;
