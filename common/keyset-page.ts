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

/** A cursor as the API gave it, read back into the place it names; any other text is refused. */
export const keysetCursorParam = z
  .string()
  .regex(/^\d{1,15}_[1-9]\d{0,9}$/, 'must be a nextCursor the API answered')
  .transform((cursor): KeysetPosition => {
    const [epochMs = '', id = ''] = cursor.split('_');
    return { createdAt: new Date(Number(epochMs)).toISOString(), id: Number(id) };
  })
  .refine((position) => position.id <= MAX_ROW_ID, 'must be a nextCursor the API answered')
  .meta({ description: 'The `nextCursor` of the previous page; left out for the first page.' });

/** How many rows a page holds: a positive integer up to `max`. */
export const pageLimitParam = (max: number) =>
  positiveIntParam.pipe(z.number().max(max, `must be at most ${max}`)).meta({ description: `At most ${max}.` });
