import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { transactionLock } from '../../db/advisory-lock.js';
import type { Database } from '../../db/schema.js';
import { tableLength, type VectorIndex, type VectorSupport, vectorTable } from './vector-index.js';

async function extensionSchema(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'vector'`.execute(db);
  return rows[0]?.schema ?? null;
}

/**
 * pgvector, enabled here when the server offers it and it is not yet (that needs the right to create
 * extensions). Without it the site still serves, on full text alone, and says why.
 */
export async function openPgvectorIndex(db: Kysely<Database>, log: FastifyBaseLogger): Promise<VectorSupport> {
  let schema = await extensionSchema(db);
  if (!schema) {
    const { rows } = await sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`.execute(db);
    if (rows.length === 0) return { index: null, reason: 'the PostgreSQL server does not have pgvector installed' };
    try {
      await db.transaction().execute(async (trx) => {
        await transactionLock('create extension vector:').execute(trx);
        await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(trx);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { index: null, reason: `pgvector is installed but could not be enabled (${message})` };
    }
    schema = await extensionSchema(db);
    if (!schema) return { index: null, reason: 'pgvector was enabled but cannot be found' };
  }
  return { index: pgvectorIndex(db, schema, log), reason: null };
}

/**
 * A table per vector length, each row tied to its paper_embeddings row (deleted with it), searched
 * through an HNSW index on cosine distance. The extension's type and operator are named with its
 * schema, so they are found whatever the search path.
 */
function pgvectorIndex(db: Kysely<Database>, schema: string, log: FastifyBaseLogger): VectorIndex {
  const inSchema = (name: string) => sql.raw(`"${schema.replaceAll('"', '""')}".${name}`);
  const distance = sql.raw(`OPERATOR("${schema.replaceAll('"', '""')}".<=>)`);
  const asVector = (vector: Float32Array): RawBuilder<unknown> =>
    sql`${`[${Array.from(vector).join(',')}]`}::${inSchema('vector')}`;
  const made = new Map<number, Promise<void>>();
  const present = new Set<string>();

  async function exists(table: string): Promise<boolean> {
    if (present.has(table)) return true;
    const { rows } = await sql<{ found: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS found`.execute(db);
    if (rows[0]?.found) present.add(table);
    return rows[0]?.found === true;
  }

  async function make(dimensions: number): Promise<void> {
    const table = vectorTable(dimensions);
    await db.transaction().execute(async (trx) => {
      await transactionLock('paper vectors:').execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (
        paper_id integer PRIMARY KEY REFERENCES paper_embeddings (paper_id) ON DELETE CASCADE,
        embedding ${inSchema(`vector(${dimensions})`)} NOT NULL)`.execute(trx);
    });
    try {
      await db.transaction().execute(async (trx) => {
        await transactionLock('paper vectors:').execute(trx);
        await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_hnsw`)} ON ${sql.table(table)}
          USING hnsw (embedding ${inSchema('vector_cosine_ops')})`.execute(trx);
      });
    } catch (error) {
      // pgvector's HNSW indexes vectors of at most 2,000 dimensions; longer ones are compared one by one.
      log.warn({ err: error }, `no HNSW index on ${table}: nearest papers are found by a full scan`);
    }
  }

  return {
    kind: 'pgvector',

    ensure(dimensions) {
      let making = made.get(dimensions);
      if (!making) {
        making = make(dimensions);
        made.set(dimensions, making);
        making.catch(() => made.delete(dimensions));
      }
      return making;
    },

    async write(trx, model, rows) {
      const dimensions = rows[0]?.vector.length;
      if (dimensions === undefined) return;
      const now = new Date().toISOString();
      await trx
        .insertInto('paper_embeddings')
        .values(rows.map((row) => ({ paper_id: row.paperId, model, dimensions, embedded_at: now })))
        .onConflict((oc) => oc.column('paper_id').doUpdateSet({ model, dimensions, embedded_at: now }))
        .execute();
      const values = rows.map((row) => sql`(${row.paperId}, ${asVector(row.vector)})`);
      await sql`INSERT INTO ${sql.table(vectorTable(dimensions))} (paper_id, embedding) VALUES ${sql.join(values)}
        ON CONFLICT (paper_id) DO UPDATE SET embedding = excluded.embedding`.execute(trx);
    },

    async nearest(model, vector, limit) {
      const table = vectorTable(vector.length);
      if (!(await exists(table))) return [];
      return db.transaction().execute(async (trx) => {
        // An HNSW scan answers at most ef_search rows (40 by default): let it answer all asked for.
        await sql`SELECT set_config('hnsw.ef_search', ${String(Math.min(Math.max(limit, 40), 1000))}, true)`.execute(
          trx,
        );
        const { rows } = await sql<{ id: number; distance: number }>`
          SELECT nn.paper_id AS id, nn.distance FROM (
            SELECT paper_id, embedding ${distance} ${asVector(vector)} AS distance FROM ${sql.table(table)}
            ORDER BY embedding ${distance} ${asVector(vector)} LIMIT ${limit}
          ) AS nn JOIN paper_embeddings e ON e.paper_id = nn.paper_id
          WHERE e.model = ${model} ORDER BY nn.distance`.execute(trx);
        return rows.map((row) => ({ paperId: row.id, similarity: 1 - Number(row.distance) }));
      });
    },

    async vectorOf(model, paperId) {
      const row = await db
        .selectFrom('paper_embeddings')
        .select('dimensions')
        .where('paper_id', '=', paperId)
        .where('model', '=', model)
        .executeTakeFirst();
      if (!row) return null;
      const table = vectorTable(row.dimensions);
      if (!(await exists(table))) return null;
      const { rows } = await sql<{ embedding: string }>`
        SELECT embedding::text AS embedding FROM ${sql.table(table)} WHERE paper_id = ${paperId}`.execute(db);
      const text = rows[0]?.embedding;
      return text ? Float32Array.from(JSON.parse(text) as number[]) : null;
    },

    async removeStale(keep, limit) {
      const { rows: tables } = await sql<{ name: string }>`
        SELECT tablename AS name FROM pg_tables
        WHERE schemaname = current_schema() AND tablename LIKE 'paper_vectors_%'`.execute(db);
      for (const { name } of tables) {
        const dimensions = tableLength(name);
        if (dimensions === null || dimensions === keep) continue;
        const table = sql.table(name);
        const { rows } = await sql<{ paper_id: number }>`
          DELETE FROM ${table} WHERE paper_id IN (
            SELECT v.paper_id FROM ${table} v JOIN paper_embeddings e ON e.paper_id = v.paper_id
            WHERE e.dimensions <> ${dimensions} LIMIT ${limit})
          RETURNING paper_id`.execute(db);
        if (rows.length > 0) return rows.length;
      }
      return 0;
    },
  };
}
