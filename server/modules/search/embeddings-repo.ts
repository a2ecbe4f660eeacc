import { type Kysely, sql } from 'kysely';
import type { DbHandle } from '../../db/connect.js';
import { retriedTransaction } from '../../db/retry.js';
import type { Database } from '../../db/schema.js';
import { embeddingText } from './embedding-text.js';
import type { PaperVector, VectorIndex } from './vector-index.js';

/** A paper due to be embedded: its place in the newest-first order, and the text its vector is made from. */
export interface PaperToEmbed {
  id: number;
  submittedDate: string;
  text: string;
}

export type EmbeddedPaper = PaperVector & { text: string };

/** The background embedder's reads and writes. */
export function createEmbeddingsRepo({ db, dialect }: DbHandle) {
  const oneLine =
    dialect === 'postgres'
      ? sql<string | null>`s.data::jsonb ->> 'Paper_one_line'`
      : sql<string | null>`json_extract(s.data, '$.Paper_one_line')`;
  const withText = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom('papers as p')
      .leftJoin('summaries as s', 's.paper_id', 'p.id')
      .select(['p.id', 'p.submitted_date', 'p.title', 'p.abstract', oneLine.as('one_line')]);
  const textOf = (row: { title: string; abstract: string; one_line: string | null }) =>
    embeddingText({
      title: row.title,
      abstract: row.abstract,
      summary: row.one_line === null ? null : { Paper_one_line: row.one_line },
    });

  return {
    /**
     * Up to `limit` papers without a vector of `model`, newest first (by submitted date), after
     * `after` in that order when given: a pass walks the papers once instead of from the top per batch.
     */
    async lacking(model: string, after: PaperToEmbed | null, limit: number): Promise<PaperToEmbed[]> {
      // NOT IN reads the model's ids once from their index; a probe per paper would read each
      // paper_embeddings row, whose vector makes it wide on SQLite.
      let query = withText()
        .where('p.id', 'not in', (eb) =>
          eb.selectFrom('paper_embeddings').select('paper_id').where('model', '=', model),
        )
        .orderBy('p.submitted_date', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('p.submitted_date', '<', after.submittedDate),
            eb.and([eb('p.submitted_date', '=', after.submittedDate), eb('p.id', '<', after.id)]),
          ]),
        );
      }
      const rows = await query.execute();
      return rows.map((row) => ({ id: row.id, submittedDate: row.submitted_date, text: textOf(row) }));
    },

    /** How many papers have no vector of `model`: the pass is skipped at 0 without walking the papers. */
    async missingCount(model: string): Promise<number> {
      const row = await db
        .selectFrom('paper_stats_now')
        .select((eb) => [
          'total',
          eb
            .selectFrom('paper_embeddings')
            .select((inner) => inner.fn.countAll<number>().as('count'))
            .where('model', '=', model)
            .as('embedded'),
        ])
        .executeTakeFirstOrThrow();
      return row.total - Number(row.embedded ?? 0);
    },

    /** The length of `model`'s vectors, or null when no paper has one. */
    async dimensionsOf(model: string): Promise<number | null> {
      const row = await db
        .selectFrom('paper_embeddings')
        .select('dimensions')
        .where('model', '=', model)
        .limit(1)
        .executeTakeFirst();
      return row?.dimensions ?? null;
    },

    /**
     * Stores vectors made by `model`, each only if its paper still reads as the text it was made
     * from: a paper edited while its vector was being made keeps none, and is embedded again. On
     * PostgreSQL the papers are locked (FOR SHARE) while this checks, so an edit waits for the write
     * and then drops the vector. Answers how many were stored.
     */
    async store(model: string, index: VectorIndex, papers: EmbeddedPaper[]): Promise<number> {
      if (papers.length === 0) return 0;
      return retriedTransaction(db, async (trx) => {
        let current = withText(trx).where(
          'p.id',
          'in',
          papers.map((paper) => paper.paperId),
        );
        if (dialect === 'postgres') current = current.modifyEnd(sql`FOR SHARE OF p`);
        const textNow = new Map((await current.execute()).map((row) => [row.id, textOf(row)]));
        const fresh = papers.filter((paper) => textNow.get(paper.paperId) === paper.text);
        if (fresh.length > 0) await index.write(trx, model, fresh);
        return fresh.length;
      });
    },

    /**
     * Runs `pass` unless another process is embedding (PostgreSQL: a session advisory lock on a
     * connection held meanwhile, released if the process dies); answers whether it ran. Two passes
     * at once would corrupt nothing (every write is an upsert), but would embed papers twice.
     */
    async whileLocked(pass: () => Promise<void>): Promise<boolean> {
      if (dialect !== 'postgres') {
        await pass();
        return true;
      }
      return db.connection().execute(async (connection) => {
        const key = sql`hashtext('paper embeddings:' || current_schema())`;
        const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}) AS locked`.execute(
          connection,
        );
        if (!rows[0]?.locked) return false;
        try {
          await pass();
        } finally {
          await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
        }
        return true;
      });
    },
  };
}

export type EmbeddingsRepo = ReturnType<typeof createEmbeddingsRepo>;
