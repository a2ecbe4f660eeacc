import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Full text reads a paper's Arabic too: its abstract's translation, its summary's Arabic (already
 * logged with the summary) and the Arabic names of its categories. The log of papers whose text
 * changed (0019) now also hears of an edited translation, of a paper's categories linked or
 * unlinked (a category removed unlinks its papers), and of a category's Arabic name changed, for
 * every paper it holds.
 */
export function arabicSearchTextMigration(dialect: DialectName): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    if (dialect === 'postgres') await postgresTriggers(db);
    else await sqliteTriggers(db);
  };
  return { up };
}

// biome-ignore lint/suspicious/noExplicitAny: see arabicSearchTextMigration
async function sqliteTriggers(db: Kysely<any>) {
  const logged = (id: string) => `INSERT INTO search_text_changes (paper_id) VALUES (${id});`;
  await sql`DROP TRIGGER papers_text_update`.execute(db);
  for (const trigger of [
    `papers_text_update AFTER UPDATE OF title, abstract, authors, abstract_translation ON papers BEGIN ${logged('new.id')} END`,
    `paper_categories_text_insert AFTER INSERT ON paper_categories BEGIN ${logged('new.paper_id')} END`,
    `paper_categories_text_delete AFTER DELETE ON paper_categories BEGIN ${logged('old.paper_id')} END`,
    `categories_text_update AFTER UPDATE OF name_ar ON categories BEGIN
      INSERT INTO search_text_changes (paper_id) SELECT paper_id FROM paper_categories WHERE category_id = new.id;
    END`,
  ]) {
    await sql.raw(`CREATE TRIGGER ${trigger}`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see arabicSearchTextMigration
async function postgresTriggers(db: Kysely<any>) {
  await sql`DROP TRIGGER papers_text_update ON papers`.execute(db);
  await sql`CREATE TRIGGER papers_text_update AFTER UPDATE OF title, abstract, authors, abstract_translation ON papers
      FOR EACH ROW EXECUTE FUNCTION search_text_changed_paper()`.execute(db);
  // An import links thousands of papers in one statement: logged once per statement, from its transition table.
  await sql`CREATE FUNCTION search_text_changed_paper_categories() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_text_changes (paper_id) SELECT DISTINCT paper_id FROM changed;
        RETURN NULL;
      END $$`.execute(db);
  for (const [event, transition] of [
    ['INSERT', 'NEW TABLE'],
    ['DELETE', 'OLD TABLE'],
  ] as const) {
    await sql
      .raw(`CREATE TRIGGER paper_categories_text_${event.toLowerCase()} AFTER ${event} ON paper_categories
        REFERENCING ${transition} AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_text_changed_paper_categories()`)
      .execute(db);
  }
  await sql`CREATE FUNCTION search_text_changed_category() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_text_changes (paper_id) SELECT paper_id FROM paper_categories WHERE category_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE TRIGGER categories_text_update AFTER UPDATE OF name_ar ON categories
      FOR EACH ROW EXECUTE FUNCTION search_text_changed_category()`.execute(db);
}
