import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * A queue item's life beside its position: a lease held by the worker processing it (a random token
 * and an expiry, so an item whose worker died is taken again once the lease runs out), the earliest
 * time a failed item may be retried (backoff), and when it was parked after too many failures.
 * The state an admin sees is derived from these columns, so no crash can leave a state behind.
 */
export function queueLeasesMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    for (const [column, type] of [
      ['lease_token', 'text'],
      ['lease_expires_at', timestamp],
      ['next_attempt_at', timestamp],
      ['parked_at', timestamp],
    ] as const) {
      await db.schema.alterTable('queue_items').addColumn(column, type).execute();
    }
  };
  return { up };
}
