import { type RawBuilder, sql } from 'kysely';
import type { DbHandle } from '../../server/db/connect.js';

/** Copies of one real paper's id apart: more than the real papers there are, so copies never share an id. */
const ROUND_SPAN = 50_000;

/**
 * A copy's arXiv id, in the 98MM.NNNNN range (the year 2098), which neither a real paper nor a seeded
 * variant (2099) has: the copy's index counted over rounds, in months of 99,999 numbers.
 */
function copyArxivId(dialect: DbHandle['dialect'], round: number, sourceId: RawBuilder<unknown>) {
  const index = sql`(${(round - 1) * ROUND_SPAN} + ${sourceId} - 1)`;
  const month = sql`(${index} / 99999) % 12 + 1`;
  const number = sql`${index} % 99999 + 1`;
  return dialect === 'postgres'
    ? sql<string>`'98' || lpad((${month})::text, 2, '0') || '.' || lpad((${number})::text, 5, '0')`
    : sql<string>`printf('98%02d.%05d', ${month}, ${number})`;
}

/**
 * Makes the database hold `count` papers by copying its real ones in SQL, round after round, each
 * copy a real paper's text and categories under the title mark of a seed variant ("[Synthetic 3] ",
 * which the vector filling reads as its real paper): the corpus's term statistics, at
 * a size the importer would take hours to reach. A copy has no summary (the shared papers' summaries
 * are extractive and add no words to search). Copies already made are kept, so a run resumes.
 * Answers how many were added.
 */
export async function copyPapers(handle: DbHandle, count: number): Promise<number> {
  const { db, dialect } = handle;
  const total = async () =>
    Number(
      (
        await db
          .selectFrom('papers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await total();
  for (let round = 1, now = before; now < count; round++) {
    if (round * ROUND_SPAN > 12 * 99_999) throw new Error(`too many copies asked: ${count}`);
    const copyId = copyArxivId(dialect, round, sql.ref('s.id'));
    await sql`
      insert into papers (arxiv_id, version, title, abstract, abstract_translation, pdf_url, submitted_date,
        authors, primary_category, comment, synthetic, created_at, updated_at)
      select ${copyId}, s.version, ${`[Synthetic ${round}] `} || s.title, s.abstract, s.abstract_translation, s.pdf_url,
        s.submitted_date, s.authors, s.primary_category, s.comment, 1, s.created_at, s.updated_at
      from papers s
      where s.synthetic = 0 and s.id < ${ROUND_SPAN} and not exists (select 1 from papers c where c.arxiv_id = ${copyId})
      order by s.id
      limit ${count - now}`.execute(db);
    await sql`
      insert into paper_categories (paper_id, category_id)
      select c.id, pc.category_id
      from papers s
      join papers c on c.arxiv_id = ${copyId}
      join paper_categories pc on pc.paper_id = s.id
      where s.synthetic = 0
        and not exists (select 1 from paper_categories done where done.paper_id = c.id)`.execute(db);
    const after = await total();
    if (after === now)
      throw new Error(`no paper to copy in round ${round}: real papers' ids must stay below ${ROUND_SPAN}`);
    now = after;
  }
  return (await total()) - before;
}
