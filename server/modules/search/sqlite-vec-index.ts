import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { tableLength, type VectorIndex, type VectorSupport, vectorTable } from './vector-index.js';

/**
 * Candidates taken by binary code per paper answered, then ordered by their exact cosine: on real
 * USE-lite vectors four times as many keeps about nine in ten of the true ten nearest.
 */
const OVERSAMPLING = 4;

const bytesOf = (vector: Float32Array) => new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);

/** Bits in a vector's binary code: sqlite-vec packs them by the byte, so a length is rounded up to eight. */
const codeBits = (dimensions: number) => Math.ceil(dimensions / 8) * 8;

/** The vector to quantize: padded with zeros to the code's length (zeros change no cosine). */
function codeSource(vector: Float32Array): Uint8Array {
  if (vector.length === codeBits(vector.length)) return bytesOf(vector);
  const padded = new Float32Array(codeBits(vector.length));
  padded.set(vector);
  return bytesOf(padded);
}

/**
 * sqlite-vec. A vec0 scan of 100,000 float vectors of 512 dimensions takes about 150 ms here, which
 * alone would spend a search's budget; a scan of their binary codes (one bit a dimension, 64 bytes a
 * paper) takes about 10 ms. So each paper's float vector is kept in paper_embeddings, its code in a
 * vec0 table per length (rowid = paper id, a BigInt), and the nearest codes' papers are ordered by
 * the exact cosine of their vectors. A virtual table has no foreign keys: a trigger made with it
 * removes a code when its paper_embeddings row goes (the paper deleted, or edited and due again).
 */
export function openSqliteVecIndex(db: Kysely<Database>, problem: string | undefined): VectorSupport {
  if (problem) return { index: null, reason: problem };
  const made = new Map<number, Promise<void>>();
  const present = new Set<string>();

  /** Whether the table exists: another process (the worker) may have made it since we last looked. */
  async function exists(table: string): Promise<boolean> {
    if (present.has(table)) return true;
    const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(db);
    if (rows.length > 0) present.add(table);
    return rows.length > 0;
  }

  async function make(dimensions: number): Promise<void> {
    const table = vectorTable(dimensions);
    await sql
      .raw(`CREATE VIRTUAL TABLE IF NOT EXISTS ${table} USING vec0(code bit[${codeBits(dimensions)}])`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER IF NOT EXISTS ${table}_drop AFTER DELETE ON paper_embeddings
        BEGIN DELETE FROM ${table} WHERE rowid = old.paper_id; END`)
      .execute(db);
  }

  const index: VectorIndex = {
    kind: 'sqlite-vec',

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
      const embeddings = rows.map(
        (row) => sql`(${row.paperId}, ${model}, ${dimensions}, ${now}, ${bytesOf(row.vector)})`,
      );
      await sql`INSERT INTO paper_embeddings (paper_id, model, dimensions, embedded_at, vector) VALUES ${sql.join(embeddings)}
        ON CONFLICT (paper_id) DO UPDATE SET model = excluded.model, dimensions = excluded.dimensions,
          embedded_at = excluded.embedded_at, vector = excluded.vector`.execute(trx);
      const table = sql.table(vectorTable(dimensions));
      // vec0 has no upsert: a code is replaced by deleting the old one first.
      const ids = rows.map((row) => BigInt(row.paperId));
      await sql`DELETE FROM ${table} WHERE rowid IN (${sql.join(ids)})`.execute(trx);
      const codes = rows.map((row) => sql`(${BigInt(row.paperId)}, vec_quantize_binary(${codeSource(row.vector)}))`);
      await sql`INSERT INTO ${table} (rowid, code) VALUES ${sql.join(codes)}`.execute(trx);
    },

    async nearest(model, vector, limit) {
      const table = vectorTable(vector.length);
      if (!(await exists(table))) return [];
      const query = bytesOf(vector);
      const { rows } = await sql<{ id: number; distance: number }>`
        WITH coarse AS MATERIALIZED (
          SELECT rowid AS id FROM ${sql.table(table)}
          WHERE code MATCH vec_quantize_binary(${codeSource(vector)}) AND k = ${limit * OVERSAMPLING}
        )
        SELECT e.paper_id AS id, vec_distance_cosine(e.vector, ${query}) AS distance
        FROM coarse JOIN paper_embeddings e ON e.paper_id = coarse.id
        WHERE e.model = ${model}
        ORDER BY distance, e.paper_id
        LIMIT ${limit}`.execute(db);
      return rows.map((row) => ({ paperId: row.id, similarity: 1 - row.distance }));
    },

    async vectorOf(model, paperId) {
      const { rows } = await sql<{ vector: Uint8Array }>`
        SELECT vector FROM paper_embeddings WHERE paper_id = ${paperId} AND model = ${model}`.execute(db);
      const blob = rows[0]?.vector;
      return blob ? new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength)) : null;
    },

    async removeStale(keep, limit) {
      const { rows: tables } = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'paper_vectors_%'`.execute(db);
      for (const { name } of tables) {
        const dimensions = tableLength(name);
        if (dimensions === null || dimensions === keep) continue;
        const table = sql.table(name);
        const { rows } = await sql<{ id: number | bigint }>`
          SELECT v.rowid AS id FROM ${table} v JOIN paper_embeddings e ON e.paper_id = v.rowid
          WHERE e.dimensions <> ${dimensions} LIMIT ${limit}`.execute(db);
        if (rows.length === 0) continue;
        await sql`DELETE FROM ${table} WHERE rowid IN (${sql.join(rows.map((row) => BigInt(row.id)))})`.execute(db);
        return rows.length;
      }
      return 0;
    },
  };
  return { index, reason: null };
}
