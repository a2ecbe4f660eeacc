import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Values stored before the rules that now hold where they are written:
 * - An old-style arXiv id stored with its subject class (`math.GT/0309136`) takes the id arXiv gives
 *   the paper (`math/0309136`). Where a row of that id exists already, a queued item, a waiting
 *   bookmark or a deletion of the old form is dropped as a duplicate; a paper is left as it is (its
 *   comments and bookmarks are not for a migration to merge) and stays reachable by its numeric id.
 * - A PDF link that is not http(s) (`javascript:...`) becomes the paper's PDF on arXiv.
 * - A category name with control characters or past 100 characters is made fit as the model's names
 *   are (each run of control characters and white space one space, ends trimmed); it joins the
 *   category of that name when there is one, and is removed when nothing fit is left. An Arabic name
 *   that breaks the rule is made fit the same way, or removed.
 */
export function canonicalIdsSafeValuesMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await canonicalOldStyleIds(db);
    await db
      .updateTable('papers')
      .set({ pdf_url: sql`'https://arxiv.org/pdf/' || arxiv_id || 'v' || cast(version as text)` })
      .where('pdf_url', '<>', '')
      .where(sql`lower(pdf_url)`, 'not like', 'http://%')
      .where(sql`lower(pdf_url)`, 'not like', 'https://%')
      .execute();
    await fitCategoryNames(db);
  };
  return { up };
}

const OLD_STYLE_WITH_CLASS = /^([a-z][a-z-]*)\.[A-Z]{2}\/(\d{7})$/;
const MAX_NAME_LENGTH = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
const CONTROL_OR_SPACE_RUN = /[\s\u0000-\u001f\u007f-\u009f]+/g;

const isName = (name: string) =>
  name.length >= 1 && name.length <= MAX_NAME_LENGTH && name.trim() === name && !CONTROL_CHARACTER.test(name);

function fitName(name: string): string | null {
  const fitted = name.replace(CONTROL_OR_SPACE_RUN, ' ').trim();
  return isName(fitted) ? fitted : null;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
async function canonicalOldStyleIds(db: Kysely<any>): Promise<void> {
  for (const table of ['papers', 'queue_items', 'deleted_papers', 'queue_bookmarks']) {
    const rows: { arxiv_id: string }[] = await db
      .selectFrom(table)
      .select('arxiv_id')
      .distinct()
      .where('arxiv_id', 'like', '%.%/%')
      .execute();
    for (const { arxiv_id: from } of rows) {
      const match = OLD_STYLE_WITH_CLASS.exec(from);
      if (!match) continue;
      const to = `${match[1]}/${match[2]}`;
      if (table === 'queue_bookmarks') {
        // One waiting bookmark per reader and id: a reader's bookmark of the old form is a duplicate.
        await db
          .deleteFrom(table)
          .where('arxiv_id', '=', from)
          .where('user_id', 'in', db.selectFrom(table).select('user_id').where('arxiv_id', '=', to))
          .execute();
        await db.updateTable(table).set({ arxiv_id: to }).where('arxiv_id', '=', from).execute();
        continue;
      }
      const taken = await db.selectFrom(table).select('arxiv_id').where('arxiv_id', '=', to).executeTakeFirst();
      if (!taken) await db.updateTable(table).set({ arxiv_id: to }).where('arxiv_id', '=', from).execute();
      else if (table !== 'papers') await db.deleteFrom(table).where('arxiv_id', '=', from).execute();
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
async function fitCategoryNames(db: Kysely<any>): Promise<void> {
  const rows: { id: number; name: string; name_ar: string | null }[] = await db
    .selectFrom('categories')
    .select(['id', 'name', 'name_ar'])
    .execute();
  const idByName = new Map(rows.map((row) => [row.name, row.id]));
  for (const row of rows) {
    if (row.name_ar !== null && !isName(row.name_ar)) {
      await db
        .updateTable('categories')
        .set({ name_ar: fitName(row.name_ar) })
        .where('id', '=', row.id)
        .execute();
    }
    if (isName(row.name)) continue;
    const fitted = fitName(row.name);
    const joined = fitted === null ? undefined : idByName.get(fitted);
    if (fitted !== null && joined === undefined) {
      await db.updateTable('categories').set({ name: fitted }).where('id', '=', row.id).execute();
      idByName.set(fitted, row.id);
      continue;
    }
    if (joined !== undefined) await moveLinks(db, row.id, joined);
    await db.deleteFrom('paper_categories').where('category_id', '=', row.id).execute();
    await db.deleteFrom('digest_categories').where('category_id', '=', row.id).execute();
    await db.deleteFrom('categories').where('id', '=', row.id).execute();
  }
}

/** The papers and digest readers of category `from` get category `to` as well. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
async function moveLinks(db: Kysely<any>, from: number, to: number): Promise<void> {
  const papers: { paper_id: number }[] = await db
    .selectFrom('paper_categories')
    .select('paper_id')
    .where('category_id', '=', from)
    .execute();
  if (papers.length > 0) {
    await db
      .insertInto('paper_categories')
      .values(papers.map(({ paper_id }) => ({ paper_id, category_id: to })))
      .onConflict((oc) => oc.columns(['paper_id', 'category_id']).doNothing())
      .execute();
  }
  const readers: { user_id: number }[] = await db
    .selectFrom('digest_categories')
    .select('user_id')
    .where('category_id', '=', from)
    .execute();
  if (readers.length > 0) {
    await db
      .insertInto('digest_categories')
      .values(readers.map(({ user_id }) => ({ user_id, category_id: to })))
      .onConflict((oc) => oc.columns(['user_id', 'category_id']).doNothing())
      .execute();
  }
}
