import type { ArabicSummary, Summary } from '../../common/papers.js';
import type { DbHandle } from '../db/connect.js';
import type { NewPaper } from '../db/schema.js';
import { createPapersRepo, type NewPaperWithExtras } from '../modules/papers/repo.js';

/** A paper row without a summary; fields not given take plain defaults. */
export function paperRow(fields: Partial<NewPaper> & Pick<NewPaper, 'arxiv_id' | 'submitted_date'>): NewPaper {
  const now = new Date().toISOString();
  return {
    version: 2,
    title: `Paper ${fields.arxiv_id}`,
    abstract: 'We study things. Results improve by 10%.',
    abstract_translation: null,
    pdf_url: `https://arxiv.org/pdf/${fields.arxiv_id}v2`,
    authors: JSON.stringify(['A. Author']),
    primary_category: 'math.GT',
    comment: null,
    synthetic: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** Adds one paper, without a summary and in category Mathematics unless told; fields not given take plain defaults. */
export async function addPaper(
  handle: DbHandle,
  fields: Partial<NewPaper> & Pick<NewPaper, 'arxiv_id' | 'submitted_date'>,
  categories: string[] = ['Mathematics'],
  summary: NewPaperWithExtras['summary'] = null,
): Promise<void> {
  await createPapersRepo(handle).insertMany([{ paper: paperRow(fields), summary, categories }]);
}

/** Adds plain papers of these arXiv ids at once, in category Mathematics, without summaries. */
export async function addPapers(handle: DbHandle, arxivIds: string[]): Promise<void> {
  await createPapersRepo(handle).insertMany(
    arxivIds.map((arxivId) => ({
      paper: paperRow({ arxiv_id: arxivId, submitted_date: '2024-01-01' }),
      summary: null,
      categories: ['Mathematics'],
    })),
  );
}

/** Gives a stored paper its summary, written by `model` (null: extractive), with its Arabic when given. */
export async function addSummary(
  handle: DbHandle,
  arxivId: string,
  summary: Summary,
  { model = null, summaryAr = null }: { model?: string | null; summaryAr?: ArabicSummary | null } = {},
): Promise<number> {
  const { id } = await handle.db
    .selectFrom('papers')
    .select('id')
    .where('arxiv_id', '=', arxivId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await handle.db
    .insertInto('summaries')
    .values({
      paper_id: id,
      data: JSON.stringify(summary),
      data_ar: summaryAr && JSON.stringify(summaryAr),
      generated_by: summary.generatedBy,
      model,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
