import type { Kysely, Migration } from 'kysely';

/**
 * papers.doi and papers.journal_ref: where arXiv says the paper was published, kept from its metadata
 * so that citations can name the published version. Null when arXiv gives none, as for most papers.
 */
export function paperDoiJournalRefMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('papers').addColumn('doi', 'text').execute();
    await db.schema.alterTable('papers').addColumn('journal_ref', 'text').execute();
  };
  return { up };
}
