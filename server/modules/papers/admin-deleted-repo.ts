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

/**
 * Hides a paper (deletedAt a time) or shows it again (null), and answers it; undefined when it was
 * not in the other state. Naming submitted_date moves the listing's order version (its triggers
 * fire on that column), so every process takes its listing anchors anew; the logged text change
 * takes the paper out of, or back into, every process's full-text index.
 */
export async function setShown(trx: Transaction<Database>, id: number, deletedAt: string | null) {
  const paper = await trx
    .updateTable('papers')
    .set((eb) => ({ deleted_at: deletedAt, submitted_date: eb.ref('submitted_date') }))
    .where('id', '=', id)
    .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
    .returning(['arxiv_id', 'title', 'version'])
    .executeTakeFirst();
  if (paper) await trx.insertInto('search_text_changes').values({ paper_id: id }).execute();
  return paper;
}

/** The paper kept in the recycle bin under this arXiv id, if any. */
async function keptPaper(trx: Transaction<Database>, arxivId: string) {
  return trx
    .selectFrom('papers')
    .select('id')
    .where('arxiv_id', '=', arxivId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
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
          .leftJoin('papers', 'papers.arxiv_id', 'deleted_papers.arxiv_id')
          .select([
            'deleted_papers.arxiv_id',
            'deleted_papers.deleted_at',
            'users.id',
            'users.name',
            'users.email',
            'papers.title',
          ])
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
          title: row.title,
        })),
        total: Number(count.total),
      };
    },

    /**
     * Forgets the deletion and shows the paper again when it was kept, with its comments and
     * bookmarks, with its entry in the audit log; null when the id was not deleted, otherwise whether
     * a paper came back (one deleted permanently only may be imported and scraped again).
     */
    async restore(arxivId: string, audit: AuditRecord): Promise<{ paperShown: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('deleted_papers').where('arxiv_id', '=', arxivId).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return null;
        const kept = await keptPaper(trx, arxivId);
        const shown = kept ? await setShown(trx, kept.id, null) : undefined;
        await appendAudit(trx, audit);
        return { paperShown: shown !== undefined };
      });
    },

    /**
     * Erases a kept deleted paper with its summary, categories, bookmarks and comments (ON DELETE
     * CASCADE), its arXiv id still remembered as deleted; false when no deleted paper is kept under it.
     */
    async erase(arxivId: string, audit: AuditRecord): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Found before deleting: a DELETE of no row still fires the papers' statement triggers,
        // which would log a change of the counters for a refused request.
        const paper = await trx
          .selectFrom('papers')
          .select(['id', 'title', 'version'])
          .where('arxiv_id', '=', arxivId)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        if (!paper) return false;
        await trx.deleteFrom('papers').where('id', '=', paper.id).where('deleted_at', 'is not', null).execute();
        await appendAudit(trx, { ...audit, before: { title: paper.title, version: paper.version } });
        return true;
      });
    },
  };
}

export type DeletedPapersRepo = ReturnType<typeof createDeletedPapersRepo>;
