import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';

export function createIngestRepo(db: Kysely<Database>) {
  return {
    /** Which of these ids the site already knows: stored as papers, or waiting in the queue. */
    async knownArxivIds(arxivIds: string[]): Promise<Set<string>> {
      if (arxivIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('papers')
        .select('arxiv_id')
        .where('arxiv_id', 'in', arxivIds)
        .unionAll(db.selectFrom('queue_items').select('arxiv_id').where('arxiv_id', 'in', arxivIds))
        .execute();
      return new Set(rows.map((row) => row.arxiv_id));
    },

    /**
     * Queues papers at the back, in the order given, all or nothing; ids already queued are left
     * where they are. Answers how many were queued.
     */
    async queuePapers(papers: ArxivPaper[]): Promise<number> {
      if (papers.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        const { last } = await trx
          .selectFrom('queue_items')
          .select((eb) => eb.fn.max('position').as('last'))
          .executeTakeFirstOrThrow();
        const after = Number(last ?? 0);
        const now = new Date().toISOString();
        const inserted = await trx
          .insertInto('queue_items')
          .values(
            papers.map((paper, index) => ({
              arxiv_id: paper.arxivId,
              position: after + index + 1,
              payload: JSON.stringify(paper),
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.column('arxiv_id').doNothing())
          .returning('id')
          .execute();
        return inserted.length;
      });
    },
  };
}

export type IngestRepo = ReturnType<typeof createIngestRepo>;
