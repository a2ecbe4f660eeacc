import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type KeysetPosition, keysetCursor } from '../../common/keyset-page.js';

/**
 * The rows that come after `position` in a list ordered by (createdAt, id), both descending or both
 * ascending. Spelt with AND/OR rather than a row value so that SQLite seeks on the time column.
 * `createdAt` and `id` name the columns, as `table.column`.
 */
export function afterPosition(
  columns: { createdAt: string; id: string },
  position: KeysetPosition,
  direction: 'asc' | 'desc',
): RawBuilder<SqlBool> {
  const createdAt = sql.ref(columns.createdAt);
  const id = sql.ref(columns.id);
  const [beyond, upTo] = direction === 'desc' ? [sql.raw('<'), sql.raw('<=')] : [sql.raw('>'), sql.raw('>=')];
  return sql<SqlBool>`(${createdAt} ${upTo} ${position.createdAt} and (${createdAt} ${beyond} ${position.createdAt} or ${id} ${beyond} ${position.id}))`;
}

/**
 * A page from rows asked with one more than `limit`: the first `limit`, and the cursor of the last
 * of them when the extra row shows that more follow.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => KeysetPosition,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? keysetCursor(positionOf(last)) : null };
}
