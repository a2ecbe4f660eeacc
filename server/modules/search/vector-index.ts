import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DbHandle } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { openPgvectorIndex } from './pgvector-index.js';
import { openSqliteVecIndex } from './sqlite-vec-index.js';

/** A paper near a vector, and the cosine similarity of their vectors (1 the same direction, 0 unrelated). */
export interface Neighbour {
  paperId: number;
  similarity: number;
}

export interface PaperVector {
  paperId: number;
  vector: Float32Array;
}

/**
 * Where paper vectors live and how the nearest are found. The index's table depends on the vector
 * length (`paper_vectors_<length>`), so it is made the first time a model of that length stores a
 * vector: the length is the model's, known only once it answers. Which model made a paper's vector
 * is in paper_embeddings; only vectors of the model asked for are answered.
 */
export interface VectorIndex {
  readonly kind: 'sqlite-vec' | 'pgvector';
  /** Makes the index for vectors of this length; once per length and process. */
  ensure(dimensions: number): Promise<void>;
  /** Stores (or replaces) vectors made by `model`, with their paper_embeddings rows, in the caller's transaction. */
  write(trx: Kysely<Database>, model: string, rows: PaperVector[]): Promise<void>;
  /** Up to `limit` papers whose vector of `model` is nearest to `vector` (cosine), nearest first. */
  nearest(model: string, vector: Float32Array, limit: number): Promise<Neighbour[]>;
  /** The paper's vector made by `model`, or null when it has none yet. */
  vectorOf(model: string, paperId: number): Promise<Float32Array | null>;
  /**
   * Deletes up to `limit` entries of the tables of lengths other than `keep` whose paper's vector is
   * no longer of that length (an earlier model's, replaced by a vector of another length); answers
   * how many. Called until it answers 0.
   */
  removeStale(keep: number | null, limit: number): Promise<number>;
}

/** A vector index, or why there is none (search then runs on full text alone). */
export type VectorSupport = { index: VectorIndex; reason: null } | { index: null; reason: string };

/** The length of the vectors a table of the index holds, or null for a table not of the index (a shadow table). */
export const tableLength = (name: string): number | null => {
  const match = /^paper_vectors_(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
};

export const vectorTable = (dimensions: number) => {
  if (!Number.isInteger(dimensions) || dimensions < 1) throw new Error(`not a vector length: ${dimensions}`);
  return `paper_vectors_${dimensions}`;
};

/**
 * The vector index of this database, found once per process and said in one log line: sqlite-vec
 * on SQLite, pgvector on PostgreSQL (enabled here when the server offers it). A failed look is
 * tried again at the next call.
 */
export function lazyVectorSupport(handle: DbHandle, log: FastifyBaseLogger): () => Promise<VectorSupport> {
  let opening: Promise<VectorSupport> | null = null;
  return () => {
    opening ??= (async () => {
      const support =
        handle.dialect === 'postgres'
          ? await openPgvectorIndex(handle.db, log)
          : openSqliteVecIndex(handle.db, handle.sqliteVecProblem);
      if (support.index) log.info(`Vector search: ${support.index.kind}`);
      else log.warn(`No vector search: ${support.reason}. Search runs on full text alone.`);
      return support;
    })().catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
}
