import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * The fields of a model-written summary that name methods and models: indexed for full text beside
 * its terms, because a search for a technique or a model name should find the papers that use it.
 */
const DETAIL_FIELDS = [
  'MainLLM',
  'TrainingMethod',
  'InferenceMethod',
  'FineTuningMethod',
  'RAGMethod',
  'ReasoningMethod',
  'AgenticMethod',
  'SelfLearningMethod',
];

/**
 * Search: a full-text index of every paper (title, authors, abstract, the one-line summary, and for
 * a model-written summary its terms and method fields), kept by triggers whatever writes papers;
 * each paper's vector with the model that made it (the vector index, whose shape depends on the
 * model's dimensions, is made at run time); and a version bumped whenever vectors change, under
 * which search answers are cached. Editing what a vector is made from (title, abstract, one-line
 * summary) deletes the vector, so the paper is embedded again.
 */
export function searchMigration(dialect: DialectName): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    let embeddings = db.schema
      .createTable('paper_embeddings')
      .addColumn('paper_id', 'integer', (c) => c.primaryKey().references('papers.id').onDelete('cascade'))
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('dimensions', 'integer', (c) => c.notNull())
      .addColumn('embedded_at', timestamp, (c) => c.notNull());
    // SQLite keeps the vector here (float32 bytes) and its binary code in sqlite-vec; PostgreSQL keeps
    // it in a pgvector column of a table per dimension.
    if (dialect === 'sqlite') embeddings = embeddings.addColumn('vector', 'blob', (c) => c.notNull());
    await embeddings.execute();
    await db.schema.createIndex('paper_embeddings_model').on('paper_embeddings').column('model').execute();
    await db.schema
      .createTable('search_stats')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('vectors_version', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('search_stats').values({ id: 1, vectors_version: 0 }).execute();
    if (dialect === 'postgres') await postgresSearch(db);
    else await sqliteSearch(db);
  };
  return { up };
}

// biome-ignore lint/suspicious/noExplicitAny: see searchMigration
async function sqliteSearch(db: Kysely<any>) {
  // Contentless: the text is in papers and summaries already; rowid is the paper's id.
  await sql`CREATE VIRTUAL TABLE papers_fts USING fts5(title, authors, abstract, summary, details,
    content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
  const details = DETAIL_FIELDS.map((field) => `nullif(json_extract(s.data, '$.${field}'), 'Null')`).join(', ');
  const document = `SELECT p.id, p.title,
      coalesce((SELECT group_concat(value, ' ') FROM json_each(p.authors)), ''),
      p.abstract,
      coalesce(nullif(json_extract(s.data, '$.Paper_one_line'), 'Null'), ''),
      CASE WHEN s.generated_by = 'llm' THEN concat_ws(' ',
        (SELECT group_concat(concat_ws(' ', json_extract(t.value, '$.name'), json_extract(t.value, '$.explanation')), ' ')
          FROM json_each(s.data, '$.terms') AS t), ${details}) ELSE '' END
    FROM papers p LEFT JOIN summaries s ON s.paper_id = p.id`;
  const columns = 'papers_fts(rowid, title, authors, abstract, summary, details)';
  const refresh = (id: string) =>
    `DELETE FROM papers_fts WHERE rowid = ${id}; INSERT INTO ${columns} ${document} WHERE p.id = ${id};`;
  const oneLine = (row: string) => `json_extract(${row}.data, '$.Paper_one_line')`;
  for (const trigger of [
    `papers_fts_insert AFTER INSERT ON papers BEGIN ${refresh('new.id')} END`,
    `papers_fts_update AFTER UPDATE OF title, abstract, authors ON papers BEGIN ${refresh('new.id')} END`,
    'papers_fts_delete AFTER DELETE ON papers BEGIN DELETE FROM papers_fts WHERE rowid = old.id; END',
    `summaries_fts_insert AFTER INSERT ON summaries BEGIN ${refresh('new.paper_id')} END`,
    `summaries_fts_update AFTER UPDATE ON summaries BEGIN ${refresh('new.paper_id')} END`,
    `summaries_fts_delete AFTER DELETE ON summaries BEGIN ${refresh('old.paper_id')} END`,
    `papers_embedding_stale AFTER UPDATE OF title, abstract ON papers
      WHEN old.title IS NOT new.title OR old.abstract IS NOT new.abstract
      BEGIN DELETE FROM paper_embeddings WHERE paper_id = new.id; END`,
    `summaries_embedding_stale_insert AFTER INSERT ON summaries
      BEGIN DELETE FROM paper_embeddings WHERE paper_id = new.paper_id; END`,
    `summaries_embedding_stale_update AFTER UPDATE OF data ON summaries WHEN ${oneLine('old')} IS NOT ${oneLine('new')}
      BEGIN DELETE FROM paper_embeddings WHERE paper_id = new.paper_id; END`,
    `summaries_embedding_stale_delete AFTER DELETE ON summaries
      BEGIN DELETE FROM paper_embeddings WHERE paper_id = old.paper_id; END`,
    ...['INSERT', 'UPDATE', 'DELETE'].map(
      (event) => `paper_embeddings_${event.toLowerCase()}_version AFTER ${event} ON paper_embeddings
        BEGIN UPDATE search_stats SET vectors_version = vectors_version + 1 WHERE id = 1; END`,
    ),
  ]) {
    await sql.raw(`CREATE TRIGGER ${trigger}`).execute(db);
  }
  await sql.raw(`INSERT INTO ${columns} ${document}`).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see searchMigration
async function postgresSearch(db: Kysely<any>) {
  await db.schema
    .createTable('paper_documents')
    .addColumn('paper_id', 'integer', (c) => c.primaryKey().references('papers.id').onDelete('cascade'))
    .addColumn('document', sql`tsvector`, (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX paper_documents_document ON paper_documents USING gin (document)`.execute(db);
  const details = DETAIL_FIELDS.map((field) => `nullif(d ->> '${field}', 'Null')`).join(', ');
  await sql
    .raw(`CREATE FUNCTION summary_details(d jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT concat_ws(' ',
        (SELECT string_agg(concat_ws(' ', t ->> 'name', t ->> 'explanation'), ' ')
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d -> 'terms') = 'array' THEN d -> 'terms' ELSE '[]' END) AS t),
        ${details})
    $$`)
    .execute(db);
  // Weights: A the title, B the authors and abstract, C the one-line summary, D terms and methods.
  await sql`CREATE FUNCTION refresh_paper_documents(ids integer[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO paper_documents (paper_id, document)
      SELECT p.id,
        setweight(to_tsvector('english', p.title), 'A') ||
        setweight(to_tsvector('english', coalesce(
          (SELECT string_agg(a, ' ') FROM jsonb_array_elements_text(p.authors::jsonb) AS a), '')), 'B') ||
        setweight(to_tsvector('english', p.abstract), 'B') ||
        setweight(to_tsvector('english', coalesce(nullif(s.data::jsonb ->> 'Paper_one_line', 'Null'), '')), 'C') ||
        setweight(to_tsvector('english',
          CASE WHEN s.generated_by = 'llm' THEN coalesce(summary_details(s.data::jsonb), '') ELSE '' END), 'D')
      FROM papers p LEFT JOIN summaries s ON s.paper_id = p.id
      WHERE p.id = ANY(ids)
      ON CONFLICT (paper_id) DO UPDATE SET document = excluded.document
    $$`.execute(db);
  // Inserts come in bulk (imports), so they refresh once per statement, from its transition table.
  await sql`CREATE FUNCTION paper_documents_after_paper_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM refresh_paper_documents(ARRAY(SELECT id FROM changed));
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE FUNCTION paper_documents_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM refresh_paper_documents(ARRAY(SELECT paper_id FROM changed));
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE FUNCTION paper_documents_after_paper_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM refresh_paper_documents(ARRAY[NEW.id]);
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE FUNCTION paper_embeddings_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM paper_embeddings WHERE paper_id IN (SELECT paper_id FROM changed);
        RETURN NULL;
      END $$`.execute(db);
  for (const [table, id] of [
    ['paper', 'NEW.id'],
    ['summary', 'NEW.paper_id'],
  ]) {
    await sql
      .raw(`CREATE FUNCTION ${table}_embedding_stale() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM paper_embeddings WHERE paper_id = ${id};
          RETURN NULL;
        END $$`)
      .execute(db);
  }
  await sql`CREATE FUNCTION search_stats_vectors_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE search_stats SET vectors_version = vectors_version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
  // The summary text is kept as JSON text; its one-line summary is what a vector is made from.
  const oneLine = (row: string) => `(${row}.data::jsonb ->> 'Paper_one_line')`;
  for (const trigger of [
    `papers_documents_insert AFTER INSERT ON papers REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION paper_documents_after_paper_insert()`,
    `papers_documents_update AFTER UPDATE OF title, abstract, authors ON papers
      FOR EACH ROW EXECUTE FUNCTION paper_documents_after_paper_update()`,
    `summaries_documents_insert AFTER INSERT ON summaries REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION paper_documents_after_change()`,
    `summaries_documents_update AFTER UPDATE ON summaries REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION paper_documents_after_change()`,
    `summaries_documents_delete AFTER DELETE ON summaries REFERENCING OLD TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION paper_documents_after_change()`,
    `papers_embedding_stale AFTER UPDATE OF title, abstract ON papers FOR EACH ROW
      WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.abstract IS DISTINCT FROM NEW.abstract)
      EXECUTE FUNCTION paper_embedding_stale()`,
    `summaries_embedding_stale_insert AFTER INSERT ON summaries REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION paper_embeddings_stale()`,
    `summaries_embedding_stale_update AFTER UPDATE OF data ON summaries FOR EACH ROW
      WHEN (${oneLine('OLD')} IS DISTINCT FROM ${oneLine('NEW')})
      EXECUTE FUNCTION summary_embedding_stale()`,
    `summaries_embedding_stale_delete AFTER DELETE ON summaries REFERENCING OLD TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION paper_embeddings_stale()`,
    `paper_embeddings_version AFTER INSERT OR UPDATE OR DELETE ON paper_embeddings
      FOR EACH STATEMENT EXECUTE FUNCTION search_stats_vectors_changed()`,
  ]) {
    await sql.raw(`CREATE TRIGGER ${trigger}`).execute(db);
  }
  await sql`SELECT refresh_paper_documents(ARRAY(SELECT id FROM papers))`.execute(db);
}
