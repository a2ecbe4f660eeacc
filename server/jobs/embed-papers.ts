import type { FastifyBaseLogger } from 'fastify';
import type { ContentVersion } from '../modules/papers/content-version.js';
import type { EmbeddingsRepo, PaperToEmbed } from '../modules/search/embeddings-repo.js';
import type { VectorIndex, VectorSupport } from '../modules/search/vector-index.js';
import type { TextEmbedder } from '../providers/embeddings/types.js';

export interface EmbedderOptions {
  /** Papers embedded per request to the model and stored per transaction. */
  batchSize: number;
  /** How often the content version is looked at for new or edited papers, between passes. */
  pollMs: number;
  /** Wait after a failed batch (the model or the database down), doubled per failure up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

export const DEFAULT_EMBEDDER_OPTIONS: EmbedderOptions = {
  // On two threads, 64 papers a request embedded about a tenth more a minute than 32 (the threads
  // wait less at a request's end) and 128 no more (`npm run bench:search -- --only embedding`).
  batchSize: 64,
  pollMs: 2_000,
  retryDelayMs: 5_000,
  maxRetryDelayMs: 5 * 60_000,
};

/** Stale index entries deleted per statement: each delete is a short write that searches barely wait on. */
const REMOVAL_BATCH = 1_000;

export interface PaperEmbedderDeps {
  repo: Pick<EmbeddingsRepo, 'missingCount' | 'lacking' | 'store' | 'whileLocked' | 'dimensionsOf'>;
  vectorSupport: () => Promise<VectorSupport>;
  embedder: Pick<TextEmbedder, 'modelId' | 'embed'>;
  contentVersion: Pick<ContentVersion, 'current'>;
  log: FastifyBaseLogger;
  options?: Partial<EmbedderOptions>;
}

/**
 * Embeds, in the background, every paper without a vector of the current model (seeded, imported,
 * processed, edited, or embedded by another model), newest first, a batch at a time, while the site
 * serves. What is stored is the progress: after a restart it goes on from there and embeds nothing
 * twice. It passes over the papers again when the content version moves (a paper added or edited,
 * by this process or another) or when woken, and rests when none lacks a vector.
 *
 * A paper has one vector, replaced in place when a new model embeds it; but a vector of another
 * length lives in another table of the index, where the earlier model's entry stays. Those entries
 * are removed only once every paper has a vector of the current model, so a change of model never
 * leaves search without the vectors it answers from; until then a paper not yet embedded again keeps
 * its earlier vector for a process still running that model.
 */
export function createPaperEmbedder({
  repo,
  vectorSupport,
  embedder,
  contentVersion,
  log,
  options,
}: PaperEmbedderDeps) {
  const settings = { ...DEFAULT_EMBEDDER_OPTIONS, ...options };
  let running = false;
  let loop: Promise<void> | null = null;
  let current: AbortController | null = null;
  let woken = true;
  let endPause: (() => void) | null = null;

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        endPause = null;
        resolve();
      }
      endPause = done;
    });
  }

  /**
   * Embeds what lacks a vector, from the newest: answers how many papers it stored, how many index
   * entries of earlier models it removed once none lacked one, and false for `ran` when another
   * process holds the pass (this one looks again at its next poll).
   */
  async function pass(): Promise<{ ran: boolean; stored: number; removed: number }> {
    const { index } = await vectorSupport();
    if (!index) return { ran: true, stored: 0, removed: 0 };
    if ((await repo.missingCount(embedder.modelId)) === 0)
      return { ran: true, stored: 0, removed: await removeEarlierVectors(index) };
    let stored = 0;
    const ran = await repo.whileLocked(async () => {
      let after: PaperToEmbed | null = null;
      while (running) {
        const batch = await repo.lacking(embedder.modelId, after, settings.batchSize);
        if (batch.length === 0) return;
        const controller = new AbortController();
        current = controller;
        let vectors: Float32Array[];
        try {
          vectors = await embedder.embed(
            batch.map((paper) => paper.text),
            controller.signal,
          );
        } finally {
          current = null;
        }
        const [first] = vectors;
        if (first === undefined || vectors.length !== batch.length)
          throw new Error('the model answered too few vectors');
        await index.ensure(first.length);
        const embedded = batch.map((paper, i) => ({
          paperId: paper.id,
          text: paper.text,
          vector: vectors[i] as Float32Array,
        }));
        stored += await repo.store(embedder.modelId, index, embedded);
        after = batch.at(-1) ?? null;
      }
    });
    const complete = ran && running && (await repo.missingCount(embedder.modelId)) === 0;
    return { ran, stored, removed: complete ? await removeEarlierVectors(index) : 0 };
  }

  /** Deletes the index entries earlier models left in tables of another length, a batch at a time. */
  async function removeEarlierVectors(index: VectorIndex): Promise<number> {
    const keep = await repo.dimensionsOf(embedder.modelId);
    let removed = 0;
    while (running) {
      const deleted = await index.removeStale(keep, REMOVAL_BATCH);
      if (deleted === 0) break;
      removed += deleted;
    }
    return removed;
  }

  async function run(): Promise<void> {
    let seen: string | null = null;
    let failures = 0;
    while (running) {
      try {
        const stamp = await contentVersion.current();
        if (woken || stamp !== seen) {
          woken = false;
          const { ran, stored, removed } = await pass();
          if (stored > 0) log.info({ stored, model: embedder.modelId }, 'papers embedded');
          if (removed > 0) log.info({ removed, model: embedder.modelId }, 'vectors of earlier models removed');
          if (ran) seen = stamp;
        }
        failures = 0;
      } catch (error) {
        if (!running) break;
        failures += 1;
        woken = true;
        const delay = Math.min(settings.retryDelayMs * 2 ** (failures - 1), settings.maxRetryDelayMs);
        log.warn({ err: error, retryInMs: delay }, 'embedding papers failed');
        await pause(delay);
        continue;
      }
      if (running) await pause(settings.pollMs);
    }
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      woken = true;
      loop = run();
    },
    /** Looks for papers to embed now rather than at the next poll (a paper was just stored). */
    wake(): void {
      woken = true;
      endPause?.();
    },
    /** Stops; a batch being embedded is abandoned (nothing of it is stored). */
    async stop(): Promise<void> {
      running = false;
      current?.abort(new Error('the embedder is stopping'));
      endPause?.();
      await loop;
      loop = null;
    },
  };
}

export type PaperEmbedder = ReturnType<typeof createPaperEmbedder>;
