import type { DbHandle } from '../db/connect.js';
import type { NewPaper } from '../db/schema.js';
import { createPapersRepo, type NewPaperWithExtras } from '../modules/papers/repo.js';

/** Adds one paper, without a summary and in category Mathematics unless told; fields not given take plain defaults. */
export async function addPaper(
  handle: DbHandle,
  fields: Partial<NewPaper> & Pick<NewPaper, 'arxiv_id' | 'submitted_date'>,
  categories: string[] = ['Mathematics'],
  summary: NewPaperWithExtras['summary'] = null,
): Promise<void> {
  const now = new Date().toISOString();
  await createPapersRepo(handle).insertMany([
    {
      paper: {
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
      },
      summary,
      categories,
    },
  ]);
}
