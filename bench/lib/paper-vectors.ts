import { availableParallelism } from 'node:os';
import { sql } from 'kysely';
import type { DbHandle } from '../../server/db/connect.js';
import { createLogger } from '../../server/logger.js';
import { lazyVectorSupport, type VectorIndex, vectorTable } from '../../server/modules/search/vector-index.js';
import type { ArxivPaper } from '../../server/providers/arxiv/types.js';
import {
  createUseLiteEmbedder,
  USE_LITE_DIMENSIONS,
  USE_LITE_MODEL_ID,
} from '../../server/providers/embeddings/use-lite.js';
import { corpusVectors, processedPaperText } from './corpus-vectors.js';
import { fillVectors } from './fill-vectors.js';

/** The vector of each text the app embeds for the papers of `file`, made with the bundled encoder, one per core (cached). */
export async function vectorsByText(
  file: string,
  papers: readonly ArxivPaper[],
): Promise<Map<string, Float32Array | undefined>> {
  const embedders = Array.from({ length: availableParallelism() }, createUseLiteEmbedder);
  try {
    const vectors = await corpusVectors(file, embedders, USE_LITE_DIMENSIONS);
    return new Map(papers.map((paper) => [processedPaperText(paper), vectors.get(paper.arxivId)]));
  } finally {
    await Promise.all(embedders.map((embedder) => embedder.close()));
  }
}

/**
 * Where the database has a vector index, stores a vector for each paper that lacks one (see
 * fillVectors), so that no worker spends the run embedding; else says that search runs on full text.
 */
export async function storeVectors(handle: DbHandle, byText: Map<string, Float32Array | undefined>): Promise<void> {
  const { index, reason } = await lazyVectorSupport(handle, createLogger('error'))();
  if (!index) {
    console.log(`  no vector index (${reason}): search runs on full text alone`);
    return;
  }
  const started = Date.now();
  const fill = () => fillVectors(handle, index, USE_LITE_MODEL_ID, (text) => byText.get(text));
  const stored = index.kind === 'pgvector' ? await withIndexesBuiltAfter(handle, index, fill) : await fill();
  if (stored > 0) console.log(`  stored ${stored} vectors in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Fills an empty pgvector table with its indexes dropped, and builds them again from their own
 * definitions after: pgvector builds an HNSW index of many vectors several times faster at once
 * than one insert at a time (on PGlite, about 2 ms a vector against 10 ms and rising). A table that
 * already holds vectors is filled as it is.
 */
async function withIndexesBuiltAfter(handle: DbHandle, index: VectorIndex, fill: () => Promise<number>) {
  await index.ensure(USE_LITE_DIMENSIONS);
  const table = vectorTable(USE_LITE_DIMENSIONS);
  const { rows: present } = await sql`SELECT 1 FROM ${sql.table(table)} LIMIT 1`.execute(handle.db);
  if (present.length > 0) return fill();
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    JOIN pg_index x ON x.indexrelid = to_regclass(quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))
    WHERE i.schemaname = current_schema() AND i.tablename = ${table} AND NOT x.indisprimary`.execute(handle.db);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(handle.db);
  const stored = await fill();
  const started = Date.now();
  await handle.db.transaction().execute(async (trx) => {
    // The graph of 100,000 vectors of 512 numbers needs about 300 MB to be built in memory.
    await sql`SET LOCAL maintenance_work_mem = '768MB'`.execute(trx);
    for (const { definition } of indexes) await sql.raw(definition).execute(trx);
  });
  console.log(
    `  built ${indexes.map(({ name }) => name).join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return stored;
}
