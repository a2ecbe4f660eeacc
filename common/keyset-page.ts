import { z } from 'zod';
import { positiveIntParam } from './pagination.js';
import { MAX_ROW_ID } from './row-id.js';

/** A row's place in a list ordered by its time of creation, its id breaking ties. */
export interface KeysetPosition {
  /** ISO time, as toISOString writes it. */
  createdAt: string;
  id: number;
}

/**
 * The cursor of a list paged by keyset: the place of the last row answered, as `<epoch ms>_<id>`. A
 * page asked with it starts right after that row, so rows added or removed meanwhile shift nothing.
 */
export function keysetCursor({ createdAt, id }: KeysetPosition): string {
  return `${Date.parse(createdAt)}_${id}`;
}

/**
 * The last instant both databases read as a date (9999-12-31T23:59:59.999Z): past it toISOString
 * writes a six-digit year, which PostgreSQL refuses and SQLite compares as text before every real date.
 */
const LAST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const NOT_A_CURSOR = 'must be a nextCursor the API answered';

/**
 * A cursor as the API gave it, read back into the place it names; any other text, and any place
 * outside real dates and row ids, is refused. Every keyset-paged list reads its cursor here.
 */
export const keysetCursorParam = z
  .string()
  .regex(/^\d{1,15}_[1-9]\d{0,9}$/, NOT_A_CURSOR)
  .transform((cursor) => {
    const [epochMs = '', id = ''] = cursor.split('_');
    return { epochMs: Number(epochMs), id: Number(id) };
  })
  .refine(({ epochMs, id }) => epochMs <= LAST_DATE_MS && id <= MAX_ROW_ID, NOT_A_CURSOR)
  .transform(({ epochMs, id }): KeysetPosition => ({ createdAt: new Date(epochMs).toISOString(), id }))
  .meta({ description: 'The `nextCursor` of the previous page; left out for the first page.' });

/** How many rows a page holds: a positive integer up to `max`. */
export const pageLimitParam = (max: number) =>
  positiveIntParam.pipe(z.number().max(max, `must be at most ${max}`)).meta({ description: `At most ${max}.` });
