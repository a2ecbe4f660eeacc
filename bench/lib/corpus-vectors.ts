import path from 'node:path';
import { embeddingText } from '../../server/modules/search/embedding-text.js';
import type { ArxivPaper } from '../../server/providers/arxiv/types.js';
import type { TextEmbedder } from '../../server/providers/embeddings/types.js';
import { summariseExtractive } from '../../server/providers/summary/extractive.js';
import { corpusPapers } from './corpus.js';
import { openVectorCache } from './vector-cache.js';

/** Where benchmarks keep what takes long to compute (git-ignored). */
export const CACHE_DIR = path.resolve(import.meta.dirname, '../.cache');

/** The text the app embeds for a paper imported with --processed: its extractive summary included. */
export function processedPaperText(paper: ArxivPaper): string {
  const summary = summariseExtractive({
    title: paper.title,
    abstract: paper.abstract,
    arxivCategories: paper.categories,
  });
  return embeddingText({ title: paper.title, abstract: paper.abstract, summary });
}

const BATCH = 32;

/**
 * The vector of every paper of the file (those `wanted`), by arXiv id, as the app would store it: read from the cache,
 * and what is missing computed and appended to the cache as it goes (an interrupted run resumes
 * where it stopped). The embedders, of one model, each take the next batch as soon as they are
 * free: one bundled encoder per core makes the hours of a first run as few as the machine allows.
 */
export async function corpusVectors(
  file: string,
  embedders: readonly TextEmbedder[],
  dimensions: number,
  report: (line: string) => void = console.log,
  wanted: (arxivId: string) => boolean = () => true,
): Promise<Map<string, Float32Array>> {
  const modelId = embedders[0]?.modelId;
  if (!modelId || embedders.some((embedder) => embedder.modelId !== modelId))
    throw new Error('corpusVectors needs embedders of one model');
  const cache = openVectorCache(CACHE_DIR, `${path.basename(file)}.${modelId}`, dimensions);
  try {
    const cached = cache.read();
    const missing: ArxivPaper[] = [];
    for await (const paper of corpusPapers(file))
      if (!cached.has(paper.arxivId) && wanted(paper.arxivId)) missing.push(paper);
    if (missing.length === 0) return cached;
    report(`  embedding ${missing.length} papers (${cached.size} were cached) with ${embedders.length} embedders`);
    const started = performance.now();
    let next = 0;
    let done = 0;
    let reported = 0;
    await Promise.all(
      embedders.map(async (embedder) => {
        while (next < missing.length) {
          const batch = missing.slice(next, next + BATCH);
          next += batch.length;
          const vectors = await embedder.embed(batch.map(processedPaperText));
          const entries = batch.map((paper, i) => ({ arxivId: paper.arxivId, vector: vectors[i] as Float32Array }));
          cache.append(entries);
          for (const { arxivId, vector } of entries) cached.set(arxivId, vector);
          done += batch.length;
          if (done - reported >= 1024) {
            reported = done;
            report(
              `  embedded ${done} of ${missing.length}, ${(done / ((performance.now() - started) / 1000)).toFixed(1)}/s`,
            );
          }
        }
      }),
    );
    report(`  embedded ${done} papers in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return cached;
  } finally {
    cache.close();
  }
}
