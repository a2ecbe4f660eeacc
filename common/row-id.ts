/** The largest row id: ids are 32-bit integers on PostgreSQL, which refuses to compare a column with more. Zod-free, so the web may import it. */
export const MAX_ROW_ID = 2_147_483_647;
