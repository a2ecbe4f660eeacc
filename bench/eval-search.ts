/**
 * Search quality: nDCG@10, Recall@9 and MRR of full text alone, vectors alone, both fused (the
 * site's ranking) and plain BM25 (the floor), on query sets judged from the real papers
 * (bench/search-eval/README.md).
 *   npm run eval:search [-- FILE --db sqlite|postgres|pglite --papers N --text-only]
 * FILE: the 42,639 shared arXiv papers (papers-ai.jsonl.gz). The papers are imported with extractive
 * summaries, kept between runs: SQLite in bench/.cache/eval-search, PostgreSQL in the schema
 * eval_search of BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local postgres database; full
 * text only where it lacks pgvector), PGlite with pgvector in bench/.cache/eval-search-pglite. Their
 * vectors come from bench/.cache or are made with the configured embedder (the bundled encoder:
 * about 75 minutes of a 2-core machine, resumable). SEARCH_* variables set the ranking weights,
 * EMBEDDINGS_* another model. --papers N imports only N papers drawn by a seed (the paraphrased
 * set's papers among them) into a database of their own, so that vectors can be compared in less
 * time; --text-only makes and stores no vectors and compares full text with plain BM25. The Arabic
 * twins of the topical and paraphrased sets are read offline (the glossary, no model), and ranked
 * beside their English twins; for them plain BM25 ranks the glossary's reading ("bm25") and the
 * question as it is ("bm25, as is", what the site did before it read Arabic). The development set
 * (curated lists' headings, bench/search-eval/dev) is asked short and in context, its tune and check
 * halves apart, and its Arabic twins beside their English headings, all of them and each half.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { createLogger } from '../server/logger.js';
import { createQuestionReader, type QuestionReading } from '../server/modules/search/arabic-question.js';
import type { SearchMode } from '../server/modules/search/service.js';
import { createTextEmbedder } from '../server/providers/embeddings/text-embedder.js';
import type { TextEmbedder } from '../server/providers/embeddings/types.js';
import { corpusFile, readCorpus } from './lib/corpus.js';
import { corpusVectors, processedPaperText } from './lib/corpus-vectors.js';
import { evalDatabase, openEvalSite } from './lib/eval-site.js';
import { fillVectors } from './lib/fill-vectors.js';
import { devArabicTwins, devSetQueries, readDevSet } from './lib/search-eval/dev-set.js';
import { evalSubset } from './lib/search-eval/eval-subset.js';
import {
  arabicTwins,
  type JudgedQuery,
  paraphraseQueries,
  paraphrasesInContext,
  pastedSentences,
  topicalInContext,
  topicalQueries,
  unanswerableQuestions,
} from './lib/search-eval/judged-sets.js';
import { meanScores, type Scores } from './lib/search-eval/metrics.js';
import { plainBm25 } from './lib/search-eval/plain-bm25.js';

/** The most papers one search answers: MRR looks this deep. */
const DEPTH = 50;
const MODES: SearchMode[] = ['text', 'vector', 'hybrid'];

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    papers: { type: 'string' },
    'text-only': { type: 'boolean', default: false },
  },
});
const database = evalDatabase(values.db);
const textOnly = values['text-only'];
const file = corpusFile(positionals[0], 'npm run eval:search -- FILE');
const corpus = await readCorpus(file);
const papers = values.papers ? evalSubset(corpus, Number(values.papers)) : corpus;
// The judged sets are checked before anything slow: a broken rule stops the run here.
const english = { topical: topicalQueries(papers), paraphrased: paraphraseQueries(corpus) };
const arabic = arabicTwins(english);
const sets: [string, JudgedQuery[]][] = [
  ['topical', english.topical],
  ['topical in Arabic', arabic.topical],
  ['topical in context', topicalInContext(papers)],
  ['paraphrased', english.paraphrased],
  ['paraphrased in Arabic', arabic.paraphrased],
  ['paraphrased in context', paraphrasesInContext(corpus)],
  ['pasted sentences', pastedSentences(corpus)],
];
// The development set: curated lists' headings, each half asked short and in its list's context.
const devSet = readDevSet();
const inPapers = new Set(papers.map((paper) => paper.arxivId));
for (const half of ['tune', 'check'] as const) {
  const { short, context } = devSetQueries(devSet, half, inPapers);
  sets.push([`lists, ${half}, short`, short], [`lists, ${half}, context`, context]);
}
const devArabic = devArabicTwins(devSet, inPapers);
for (const [label, twins] of [
  ['', devArabic],
  [', tune', devArabic.half('tune')],
  [', check', devArabic.half('check')],
] as const)
  sets.push(
    [`lists, twinned${label}`, twins.english],
    [`lists in Arabic${label}`, twins.arabic],
    [`lists, twinned${label}, context`, twins.englishContext],
    [`lists in Arabic${label}, context`, twins.arabicContext],
  );
/** Each Arabic twin as the site reads it offline: the glossary's English beside its words. */
const offlineReader = createQuestionReader({ translate: null, log: createLogger('silent') });
const readings = new Map<string, QuestionReading>();
for (const { query } of [...arabic.topical, ...arabic.paraphrased, ...devArabic.arabic, ...devArabic.arabicContext])
  readings.set(query, await offlineReader.read(query));
const storeName = `eval-search${values.papers ? `-${values.papers}` : ''}`;

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

const unanswerable = unanswerableQuestions();
const queryTexts = [
  ...sets.flatMap(([, queries]) => queries.map(({ query }) => query)),
  ...[...readings.values()].map((reading) => reading.vectorText),
  ...unanswerable,
];
let madeEmbedder: TextEmbedder | undefined;
let queryVectors: Float32Array[] = [];
const site = await openEvalSite({
  database,
  storeName,
  papers,
  async textEmbedder(config, log) {
    madeEmbedder = createTextEmbedder(config, log);
    queryVectors = (await madeEmbedder.embed(queryTexts)) as Float32Array[];
    return withQueryVectors(
      madeEmbedder,
      new Map(queryTexts.map((text, i) => [text, queryVectors[i] as Float32Array])),
    );
  },
});
const { config, handle, log, services } = site;
const embedder = madeEmbedder;
if (!embedder) throw new Error('the eval site made no embedder');
try {
  const { index, reason } = textOnly ? { index: null, reason: '--text-only' } : await services.vectorSupport();
  if (index) {
    // One more embedder per further core, for the papers not yet cached.
    const helpers = Array.from({ length: availableParallelism() - 1 }, () => createTextEmbedder(config, log));
    const inCorpus = new Set(papers.map((paper) => paper.arxivId));
    const vectors = await corpusVectors(file, [embedder, ...helpers], queryVectors[0]?.length ?? 0, console.log, (id) =>
      inCorpus.has(id),
    ).finally(() => Promise.all(helpers.map((helper) => helper.close())));
    const byText = new Map(papers.map((paper) => [processedPaperText(paper), vectors.get(paper.arxivId)]));
    const stored = await fillVectors(handle, index, embedder.modelId, (text) => byText.get(text));
    if (stored > 0) console.log(`  stored ${stored} vectors`);
  } else console.log(`  no vectors (${reason}): full text alone`);
  const floor = plainBm25(papers, config.search.titleWeight);
  // Plain BM25 reads an Arabic twin as the site does offline, all its parts alike.
  const plainText = (query: string) =>
    readings
      .get(query)
      ?.parts.map((part) => part.text)
      .join(' ') ?? query;
  const rankings: [string, (query: string) => Promise<string[]>][] = [
    ...(index ? MODES : (['text'] as SearchMode[])).map((mode): [string, (query: string) => Promise<string[]>] => [
      mode,
      async (query) => (await services.search.search(query, DEPTH, mode)).map((paper) => paper.arxivId),
    ]),
    ['bm25', async (query) => floor.rank(plainText(query), DEPTH)],
  ];
  const asIs: [string, (query: string) => Promise<string[]>] = [
    'bm25, as is',
    async (query) => floor.rank(query, DEPTH),
  ];
  const twinOf = new Map([
    ['topical in Arabic', 'topical'],
    ['paraphrased in Arabic', 'paraphrased'],
    ...['', ', tune', ', check'].flatMap((label): [string, string][] => [
      [`lists in Arabic${label}`, `lists, twinned${label}`],
      [`lists in Arabic${label}, context`, `lists, twinned${label}, context`],
    ]),
  ]);

  console.log(
    `\nSearch quality on ${papers.length} real papers (${database}), model ${embedder.modelId}, weights`,
    config.search,
  );
  console.log('set'.padEnd(30), 'ranking'.padEnd(11), 'nDCG@10'.padStart(8), 'Recall@9'.padStart(9), 'MRR'.padStart(7));
  const ndcgOf = new Map<string, number>();
  for (const [name, queries] of sets) {
    const twin = twinOf.get(name);
    for (const [ranking, rank] of twin ? [...rankings, asIs] : rankings) {
      const results = [];
      for (const { query, judgments } of queries) results.push({ ranked: await rank(query), judgments });
      const scores: Scores = meanScores(results);
      ndcgOf.set(`${name}|${ranking}`, scores.ndcg10);
      // An Arabic twin's nDCG@10 against its English twins' on the same ranking (plain BM25 for "as is").
      const english = twin ? ndcgOf.get(`${twin}|${ranking === asIs[0] ? 'bm25' : ranking}`) : undefined;
      console.log(
        (ranking === 'text' ? `${name} (${queries.length})` : '').padEnd(30),
        ranking.padEnd(11),
        scores.ndcg10.toFixed(3).padStart(8),
        scores.recall9.toFixed(3).padStart(9),
        scores.mrr.toFixed(3).padStart(7),
        english ? `  ${(scores.ndcg10 / english).toFixed(2)}× its English twins` : '',
      );
    }
  }

  const answering = [];
  for (const question of unanswerable) {
    const found = await services.search.search(question, DEPTH);
    if (found.length > 0) answering.push(`${question} (${found.length})`);
  }
  console.log(`\nunanswerable (${unanswerable.length}): ${unanswerable.length - answering.length} answer nothing`);
  for (const line of answering) console.log(`  answers: ${line}`);

  if (index) {
    // What sets the similarity floor: how near the nearest paper of a question no paper is about
    // gets, and how near the relevant papers in a top 10 are.
    const vectorOf = new Map(queryTexts.map((text, i) => [text, queryVectors[i] as Float32Array]));
    const nearest = async (text: string, limit: number) =>
      index.nearest(embedder.modelId, vectorOf.get(text) ?? new Float32Array(), limit);
    const unrelated: number[] = [];
    for (const question of unanswerable) unrelated.push((await nearest(question, 1))[0]?.similarity ?? 0);
    const relevant: number[] = [];
    const bestOfJudged: number[] = [];
    for (const [, queries] of sets) {
      for (const { query, judgments } of queries) {
        const top = await services.search.search(query, 10);
        const judged = new Set(top.filter((paper) => (judgments.get(paper.arxivId) ?? 0) > 0).map((paper) => paper.id));
        const near = await nearest(query, 40);
        bestOfJudged.push(near[0]?.similarity ?? 0);
        for (const { paperId, similarity } of near) if (judged.has(paperId)) relevant.push(similarity);
      }
    }
    const spread = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3);
      return `min ${at(0)}, p5 ${at(0.05)}, median ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)} (${values.length})`;
    };
    console.log(`cosine of the nearest paper, unanswerable questions: ${spread(unrelated)}`);
    console.log(`cosine of the nearest paper, judged questions:       ${spread(bestOfJudged)}`);
    console.log(`cosine of the relevant papers in a top 10 (of the vector side's 40): ${spread(relevant)}`);
  }
} finally {
  await site.close();
  await embedder.close();
}
