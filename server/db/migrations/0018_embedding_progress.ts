import type { Kysely, Migration } from 'kysely';

/**
 * paper_embeddings by model and time made: how many vectors a model has, and how many it made in
 * the last minutes (the rate behind the time left in /api/health), read from the index alone
 * rather than from rows that hold a vector each. It serves every lookup by model, so the index of
 * the model alone goes.
 */
export function embeddingProgressMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema
      .createIndex('paper_embeddings_model_embedded_at')
      .on('paper_embeddings')
      .columns(['model', 'embedded_at'])
      .execute();
    await db.schema.dropIndex('paper_embeddings_model').execute();
  };
  return { up };
}
