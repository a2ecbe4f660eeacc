import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** PostgreSQL's SQLSTATEs for a transaction ended so that others can go on: a deadlock, a serialization failure. */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/**
 * PostgreSQL rolled the transaction back because it met another one (a deadlock, or a
 * serialization failure): nothing of it was kept, and running it again from the start is safe.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && CONFLICT_SQLSTATES.has(code);
}

/** Runs in all, the first included: PostgreSQL picks one victim per deadlock, so a second run almost always goes through. */
export const CONFLICT_ATTEMPTS = 5;
/** The longest pause before a run again, in ms: each pause is random up to it, scaled by the runs made. */
const MAX_PAUSE_MS = 20;

/**
 * `run`'s answer; run again from the start when it failed with a transaction conflict, up to
 * `attempts` runs, after a random pause that grows with each run (two transactions that met are
 * then unlikely to meet again at once). Any other failure, and the last conflict, are thrown.
 */
export async function retryingConflicts<T>(run: () => Promise<T>, attempts = CONFLICT_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await sleep(Math.random() * MAX_PAUSE_MS * attempt);
    }
  }
}

/**
 * A transaction run again when PostgreSQL gives it up for a deadlock or a serialization failure.
 * `work` may run more than once, so it must change nothing outside the database.
 */
export function retriedTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work));
}
