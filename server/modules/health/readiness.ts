import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/connect.js';
import { migrationState } from '../../db/migrate.js';
import { unavailable } from '../../errors.js';

/**
 * How long a readiness probe waits for the database. A healthy one answers in milliseconds; past
 * this, the process is as good as unable to serve, and a balancer should try another.
 */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Whether this process can serve now: its database answers within the timeout and has run every
 * migration of this version. Answers the newest migration, or throws the 503 to answer, with the
 * reason in the log under the request's id.
 */
export async function checkReadiness(
  handle: DbHandle,
  log: FastifyBaseLogger,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<{ migration: string | null }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  let state: Awaited<ReturnType<typeof migrationState>>;
  try {
    state = await Promise.race([migrationState(handle), timeout]);
  } catch (error) {
    log.warn({ err: error }, 'not ready: the database did not answer');
    throw unavailable();
  } finally {
    clearTimeout(timer);
  }
  const { newest, pending } = state;
  if (pending.length > 0) {
    log.warn({ pending }, 'not ready: the database lacks migrations of this version');
    throw unavailable(`The database lacks this version's migrations ${pending.join(', ')}; a restart runs them.`);
  }
  return { migration: newest };
}
