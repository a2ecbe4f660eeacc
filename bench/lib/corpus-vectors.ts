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
 * The vector of every paper of the file, by arXiv id, as the app would store it: read from the cache,
 * and what is missing computed with the embedder and appended to the cache as it goes (an
 * interrupted run resumes where it stopped).
 */
export async function corpusVectors(
  file: string,
  embedder: TextEmbedder,
  dimensions: number,
  report: (line: string) => void = console.log,
): Promise<Map<string, Float32Array>> {
  const cache = openVectorCache(CACHE_DIR, `${path.basename(file)}.${embedder.modelId}`, dimensions);
  try {
    const cached = new Set(cache.read().keys());
    let batch: ArxivPaper[] = [];
    let done = 0;
    const started = performance.now();
    const flush = async () => {
      const vectors = await embedder.embed(batch.map(processedPaperText));
      cache.append(batch.map((paper, i) => ({ arxivId: paper.arxivId, vector: vectors[i] as Float32Array })));
      done += batch.length;
      batch = [];
      if (done % 1024 === 0) {
        const seconds = (performance.now() - started) / 1000;
        report(`  embedded ${done} more papers (${cached.size} were cached), ${(done / seconds).toFixed(1)}/s`);
      }
    };
    for await (const paper of corpusPapers(file)) {
      if (cached.has(paper.arxivId)) continue;
      batch.push(paper);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    if (done > 0) report(`  embedded ${done} papers in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return cache.read();
  } finally {
    cache.close();
  }
}
