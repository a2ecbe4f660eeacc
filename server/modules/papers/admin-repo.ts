import type { Kysely, Transaction } from 'kysely';
import { readerFieldsOf, type Summary } from '../../../common/papers.js';
import { retriedTransaction } from '../../db/retry.js';
import type { Database, SummariesTable } from '../../db/schema.js';
import { type AuditRecord, type AuditValues, appendAudit, changedValues } from '../audit/repo.js';
import { newCategoryRows } from '../categories/shipped-arabic-names.js';
import { dropFromQueue } from '../queue/repo.js';
import { rememberDeleted, setShown } from './admin-deleted-repo.js';

export interface PaperEdit {
  version: number;
  title: string;
  pdfUrl: string;
  abstract: string;
  /** The summary's JSON and who wrote it; null removes the summary; undefined leaves it as it is. */
  summary?: Pick<SummariesTable, 'data' | 'generated_by'> | null;
}

/** Whether two stored summaries say the same to a reader: their Arabic is then as true of one as of the other. */
function sameReaderFields(previousData: string, nextData: string): boolean {
  const readerJson = (data: string) => JSON.stringify(readerFieldsOf(JSON.parse(data) as Summary));
  return readerJson(previousData) === readerJson(nextData);
}

/** The categories named, created when new, as their ids. */
export async function categoryIdsOf(trx: Transaction<Database>, names: string[], now: string): Promise<number[]> {
  if (names.length === 0) return [];
  await trx
    .insertInto('categories')
    .values(newCategoryRows(names, now))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await trx.selectFrom('categories').select('id').where('name', 'in', names).execute();
  return rows.map((row) => row.id);
}

/** What the edit form changes of a paper, as the audit log records it. */
async function editedValues(trx: Transaction<Database>, id: number): Promise<AuditValues> {
  const row = await trx
    .selectFrom('papers')
    .leftJoin('summaries', 'summaries.paper_id', 'papers.id')
    .select(['papers.version', 'papers.title', 'papers.pdf_url', 'papers.abstract', 'summaries.data'])
    .where('papers.id', '=', id)
    .executeTakeFirst();
  if (!row) return {};
  const { version, title, pdf_url: pdfUrl, abstract, data } = row;
  return { version, title, pdfUrl, abstract, summary: data === null ? null : JSON.parse(data) };
}

async function categoryNamesOf(trx: Transaction<Database>, paperId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('paper_categories')
    .innerJoin('categories', 'categories.id', 'paper_categories.category_id')
    .select('categories.name')
    .where('paper_categories.paper_id', '=', paperId)
    .execute();
  return rows.map((row) => row.name).sort();
}

/** The administrators' writes to papers; each is one transaction, with its entry in the audit log. */
export function createPaperAdminRepo(db: Kysely<Database>) {
  return {
    async find(ref: { id: number } | { arxivId: string }): Promise<{ id: number; arxivId: string } | null> {
      const query = db.selectFrom('papers').select(['id', 'arxiv_id']).where('deleted_at', 'is', null);
      const row = await ('id' in ref
        ? query.where('id', '=', ref.id)
        : query.where('arxiv_id', '=', ref.arxivId)
      ).executeTakeFirst();
      return row ? { id: row.id, arxivId: row.arxiv_id } : null;
    },

    /**
     * Writes the fields of the edit form. An edited summary keeps the model that wrote it while it
     * still says a model wrote it; a summary that says it is extractive has none. Its Arabic stays
     * while the fields it translates are unchanged, and is dropped otherwise: Arabic readers then see
     * the admin's English rather than a translation of what the summary no longer says.
     */
    async update(id: number, edit: PaperEdit, audit: AuditRecord): Promise<void> {
      const now = new Date().toISOString();
      await retriedTransaction(db, async (trx) => {
        const before = await editedValues(trx, id);
        const after: AuditValues = {
          version: edit.version,
          title: edit.title,
          pdfUrl: edit.pdfUrl,
          abstract: edit.abstract,
          ...(edit.summary === undefined ? {} : { summary: edit.summary && JSON.parse(edit.summary.data) }),
        };
        const changed = changedValues(before, after);
        if (Object.keys(changed.after).length > 0) await appendAudit(trx, { ...audit, ...changed });
        await trx
          .updateTable('papers')
          .set({
            version: edit.version,
            title: edit.title,
            pdf_url: edit.pdfUrl,
            abstract: edit.abstract,
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        const { summary } = edit;
        if (summary === undefined) return;
        if (summary === null) {
          await trx.deleteFrom('summaries').where('paper_id', '=', id).execute();
          return;
        }
        const existing = await trx
          .selectFrom('summaries')
          .select(['generated_by', 'model', 'data', 'data_ar'])
          .where('paper_id', '=', id)
          .executeTakeFirst();
        const model = summary.generated_by === 'llm' && existing?.generated_by === 'llm' ? existing.model : null;
        const dataAr = existing?.data_ar && sameReaderFields(existing.data, summary.data) ? existing.data_ar : null;
        const fields = { ...summary, model, data_ar: dataAr };
        await trx
          .insertInto('summaries')
          .values({ paper_id: id, ...fields, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('paper_id').doUpdateSet({ ...fields, updated_at: now }))
          .execute();
      });
    },

    /**
     * Deletes a paper into the recycle bin: it is kept, with its summary, categories, bookmarks and
     * comments, and shown to no reader until an admin restores it (see setShown). Its queue item and
     * the bookmarks waiting for it go. Its arXiv id is remembered as deleted by the audit's actor, so
     * that nothing brings it back until an admin restores it.
     */
    async remove(id: number, audit: AuditRecord & { actorId: number }): Promise<void> {
      const now = new Date().toISOString();
      await retriedTransaction(db, async (trx) => {
        const paper = await setShown(trx, id, now);
        if (!paper) return;
        await appendAudit(trx, { ...audit, before: { title: paper.title, version: paper.version } });
        await rememberDeleted(trx, paper.arxiv_id, audit.actorId, now);
        await dropFromQueue(trx, paper.arxiv_id);
      });
    },

    /** The paper's categories become exactly `names`, created when new. */
    async setCategories(id: number, names: string[], audit: AuditRecord): Promise<void> {
      const now = new Date().toISOString();
      await retriedTransaction(db, async (trx) => {
        const before = await categoryNamesOf(trx, id);
        const after = [...names].sort();
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await appendAudit(trx, { ...audit, before: { categories: before }, after: { categories: after } });
        }
        const categoryIds = await categoryIdsOf(trx, names, now);
        let unlink = trx.deleteFrom('paper_categories').where('paper_id', '=', id);
        if (categoryIds.length > 0) unlink = unlink.where('category_id', 'not in', categoryIds);
        await unlink.execute();
        if (categoryIds.length === 0) return;
        await trx
          .insertInto('paper_categories')
          .values(categoryIds.map((category_id) => ({ paper_id: id, category_id })))
          .onConflict((oc) => oc.columns(['paper_id', 'category_id']).doNothing())
          .execute();
      });
    },
  };
}

export type PaperAdminRepo = ReturnType<typeof createPaperAdminRepo>;
