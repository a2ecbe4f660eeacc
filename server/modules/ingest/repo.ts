import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

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
  };
}

export type IngestRepo = ReturnType<typeof createIngestRepo>;
