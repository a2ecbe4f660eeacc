import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

/** A save or a comment of the window, with the date of its paper (the Popular order's tie-break). */
export interface ActivityRow {
  paper_id: number;
  submitted_date: string;
  kind: 'save' | 'comment';
  created_at: string | Date;
}

/**
 * The reads of the Popular order: the window's activity, read through the indexes on bookmarks' and
 * comments' creation (bounded by a week's activity, not by the papers held), and the papers without
 * activity after it, newest first.
 */
export function createPopularRepo({ db, dialect }: { db: Kysely<Database>; dialect: DialectName }) {
  const inCategory = (categoryId: number) =>
    db.selectFrom('paper_categories').select('paper_id').where('category_id', '=', categoryId);

  return {
    /** Every save and every comment (not removed by a moderator) made since `since`, of one category when given. */
    async activitySince(since: string, categoryId: number | null): Promise<ActivityRow[]> {
      const saves = db
        .selectFrom('bookmarks')
        .innerJoin('papers', 'papers.id', 'bookmarks.paper_id')
        .select([
          'bookmarks.paper_id',
          'papers.submitted_date',
          sql<'save' | 'comment'>`'save'`.as('kind'),
          'bookmarks.created_at',
        ])
        .where('bookmarks.created_at', '>=', since)
        .where('papers.deleted_at', 'is', null)
        .$if(categoryId !== null, (q) => q.where('bookmarks.paper_id', 'in', inCategory(categoryId as number)));
      const comments = db
        .selectFrom('comments')
        .innerJoin('papers', 'papers.id', 'comments.paper_id')
        .select([
          'comments.paper_id',
          'papers.submitted_date',
          sql<'save' | 'comment'>`'comment'`.as('kind'),
          'comments.created_at',
        ])
        .where('comments.created_at', '>=', since)
        .where('comments.removed_at', 'is', null)
        .where('papers.deleted_at', 'is', null)
        .$if(categoryId !== null, (q) => q.where('comments.paper_id', 'in', inCategory(categoryId as number)));
      return (await saves.unionAll(comments).execute()) as ActivityRow[];
    },

    /**
     * The ids of a page of the papers not in `excluded`, newest first (of one category when given):
     * the Popular order's tail. The excluded ids travel as one JSON parameter, however many they are.
     */
    async pageExcluding(excluded: number[], categoryId: number | null, offset: number, limit: number) {
      const list = JSON.stringify(excluded);
      const rows = await db
        .selectFrom('papers')
        .select('id')
        .where('deleted_at', 'is', null)
        .where(
          dialect === 'postgres'
            ? sql<boolean>`id not in (select jsonb_array_elements_text(${list}::jsonb)::int)`
            : sql<boolean>`id not in (select value from json_each(${list}))`,
        )
        .$if(categoryId !== null, (q) => q.where('id', 'in', inCategory(categoryId as number)))
        .orderBy('submitted_date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type PopularRepo = ReturnType<typeof createPopularRepo>;
