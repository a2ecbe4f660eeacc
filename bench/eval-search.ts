/**
 * Search quality: nDCG@10, Recall@9 and MRR of full text alone, vectors alone and both fused (the
 * site's ranking), on query sets judged from the real papers (bench/search-eval/README.md).
 *   npm run eval:search [-- FILE]
 * FILE: the 42,639 shared arXiv papers (papers-ai.jsonl.gz). The papers are imported with extractive
 * summaries into a SQLite database in bench/.cache/eval-search, kept between runs; their vectors come
 * from bench/.cache or are made with the configured embedder (the bundled encoder: about two hours of
 * one core, shared over all cores, resumable). SEARCH_* variables set the ranking weights,
 * EMBEDDINGS_* another model.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import type { SearchMode } from '../server/modules/search/service.js';
import { createTextEmbedder } from '../server/providers/embeddings/text-embedder.js';
import type { TextEmbedder } from '../server/providers/embeddings/types.js';
import { createServices } from '../server/services.js';
import { openDatabase } from '../server/startup.js';
import { corpusFile, readCorpus } from './lib/corpus.js';
import { CACHE_DIR, corpusVectors, processedPaperText } from './lib/corpus-vectors.js';
import { fillVectors } from './lib/fill-vectors.js';
import { type JudgedQuery, paraphraseQueries, topicalQueries } from './lib/search-eval/judged-sets.js';
import { meanScores, type Scores } from './lib/search-eval/metrics.js';

/** The most papers one search answers: MRR looks this deep. */
const DEPTH = 50;
const MODES: SearchMode[] = ['text', 'vector', 'hybrid'];

const { positionals } = parseArgs({ allowPositionals: true });
const file = corpusFile(positionals[0], 'npm run eval:search -- FILE');
const papers = await readCorpus(file);
// The judged sets are checked before anything slow: a broken rule stops the run here.
const sets: [string, JudgedQuery[]][] = [
  ['topical', topicalQueries(papers)],
  ['paraphrased', paraphraseQueries(papers)],
];

/**
 * The embedder with the queries' vectors made beforehand: on a busy machine a query could take
 * longer than the search waits for its vector, and be answered from full text alone unseen.
 */
function withQueryVectors(embedder: TextEmbedder, vectors: Map<string, Float32Array>): TextEmbedder {
  return {
    modelId: embedder.modelId,
    async embed(texts, signal) {
      const known = texts.map((text) => vectors.get(text));
      return known.every((vector) => vector !== undefined) ? known : embedder.embed(texts, signal);
    },
    close: () => embedder.close(),
  };
}

const { DATABASE_URL: _postgres, ...env } = process.env;
const config = loadConfig({ ...env, DATA_DIR: path.join(CACHE_DIR, 'eval-search'), SEED_DEMO: 'false' });
const log = createLogger('warn');
const embedder = createTextEmbedder(config, log);
const queryTexts = sets.flatMap(([, queries]) => queries.map(({ query }) => query));
const queryVectors = await embedder.embed(queryTexts);
const handle = await openDatabase(config, log);
const services = createServices({
  config,
  handle,
  log,
  textEmbedder: withQueryVectors(
    embedder,
    new Map(queryTexts.map((text, i) => [text, queryVectors[i] as Float32Array])),
  ),
});
try {
  const { total } = await services.papersRepo.stats();
  if (total < papers.length) {
    console.log(`Importing ${papers.length} papers with extractive summaries into ${config.dataDir}`);
    const counts = await services.importer.importPapers(
      papers.map((paper) => ({ paper })),
      { mode: 'processed' },
    );
    console.log(`  ${counts.added} added`);
  }

  // One more embedder per further core, for the papers not yet cached.
  const helpers = Array.from({ length: availableParallelism() - 1 }, () => createTextEmbedder(config, log));
  const vectors = await corpusVectors(file, [embedder, ...helpers], queryVectors[0]?.length ?? 0).finally(() =>
    Promise.all(helpers.map((helper) => helper.close())),
  );
  const byText = new Map(papers.map((paper) => [processedPaperText(paper), vectors.get(paper.arxivId)]));
  const { index, reason } = await services.vectorSupport();
  if (!index) throw new Error(`no vector index: ${reason}`);
  const stored = await fillVectors(handle, index, embedder.modelId, (text) => byText.get(text));
  if (stored > 0) console.log(`  stored ${stored} vectors`);

  console.log(`\nSearch quality on ${papers.length} real papers, model ${embedder.modelId}, weights`, config.search);
  console.log('set'.padEnd(24), 'ranking'.padEnd(8), 'nDCG@10'.padStart(8), 'Recall@9'.padStart(9), 'MRR'.padStart(7));
  for (const [name, queries] of sets) {
    for (const mode of MODES) {
      const results = [];
      for (const { query, judgments } of queries) {
        const ranked = (await services.search.search(query, DEPTH, mode)).map((paper) => paper.arxivId);
        results.push({ ranked, judgments });
      }
      const scores: Scores = meanScores(results);
      console.log(
        (mode === 'text' ? `${name} (${queries.length})` : '').padEnd(24),
        mode.padEnd(8),
        scores.ndcg10.toFixed(3).padStart(8),
        scores.recall9.toFixed(3).padStart(9),
        scores.mrr.toFixed(3).padStart(7),
      );
    }
  }
} finally {
  await services.close();
  await embedder.close();
  await handle.close();
}
