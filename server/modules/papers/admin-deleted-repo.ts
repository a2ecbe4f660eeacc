import { type Kysely, sql, type Transaction } from 'kysely';
import type { DeletedPaper } from '../../../common/admin-papers.js';
import { toIso } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { type AuditRecord, appendAudit } from '../audit/repo.js';

/** Remembers, in the transaction that deletes the paper, that an admin deleted this arXiv id. */
export async function rememberDeleted(
  trx: Transaction<Database>,
  arxivId: string,
  deletedBy: number,
  now: string,
): Promise<void> {
  await trx
    .insertInto('deleted_papers')
    .values({ arxiv_id: arxivId, deleted_by: deletedBy, deleted_at: now })
    .onConflict((oc) => oc.column('arxiv_id').doUpdateSet({ deleted_by: deletedBy, deleted_at: now }))
    .execute();
}

/** The arXiv ids admins deleted: what import, scraping and the scheduled ingest skip, and their restoring. */
export function createDeletedPapersRepo(db: Kysely<Database>) {
  /** Which of these ids an admin deleted. */
  async function deletedAmong(arxivIds: string[]): Promise<Set<string>> {
    if (arxivIds.length === 0) return new Set();
    const rows = await db.selectFrom('deleted_papers').select('arxiv_id').where('arxiv_id', 'in', arxivIds).execute();
    return new Set(rows.map((row) => row.arxiv_id));
  }

  return {
    deletedAmong,

    async isDeleted(arxivId: string): Promise<boolean> {
      return (await deletedAmong([arxivId])).size > 0;
    },

    /** The deleted ids starting with `prefix` (all when empty), newest deletion first, and how many there are. */
    async page(prefix: string, offset: number, limit: number): Promise<{ items: DeletedPaper[]; total: number }> {
      let matching = db.selectFrom('deleted_papers');
      // Lower-cased on both sides: SQLite's LIKE ignores case and PostgreSQL's does not (`math.GT/…`).
      if (prefix) matching = matching.where(sql`lower(deleted_papers.arxiv_id)`, 'like', `${prefix.toLowerCase()}%`);
      const [rows, count] = await Promise.all([
        matching
          .leftJoin('users', 'users.id', 'deleted_papers.deleted_by')
          .select(['deleted_papers.arxiv_id', 'deleted_papers.deleted_at', 'users.id', 'users.name', 'users.email'])
          .orderBy('deleted_papers.deleted_at', 'desc')
          .orderBy('deleted_papers.arxiv_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({
          arxivId: row.arxiv_id,
          deletedAt: toIso(row.deleted_at),
          deletedBy: row.id === null ? null : { id: row.id, name: row.name ?? '', email: row.email ?? '' },
        })),
        total: Number(count.total),
      };
    },

    /** Forgets the deletion, with its entry in the audit log; false when the id was not deleted. */
    async restore(arxivId: string, audit: AuditRecord): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('deleted_papers').where('arxiv_id', '=', arxivId).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await appendAudit(trx, audit);
        return true;
      });
    },
  };
}

export type DeletedPapersRepo = ReturnType<typeof createDeletedPapersRepo>;
