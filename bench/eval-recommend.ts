/**
 * "For you" quality: nDCG@10 and precision@10 of papers recommended from a reader's bookmarks, on
 * readers judged by rules from the real papers' metadata (bench/search-eval/README.md, "For you"):
 * each reader saved three papers of a group, and the rest of the group is judged. Rankings: the
 * site's (the search service's `alike`, papers filed first under the bookmarks' areas lifted), the
 * full-text index's `alike` alone, the alternatives compared with it (each bookmark's "more like
 * this" fused by reciprocal rank; arxiv-sanity-lite's linear SVM per reader), the nearest papers to
 * the mean of the bookmarks' vectors where papers have vectors, and the two baselines:
 * the newest papers in the bookmarks' categories, and plain TF-IDF cosine to the bookmarks'
 * centroid. With the p50 and p95 of each text ranking. First on the development set
 * (bench/search-eval/dev/): a reader per heading of a curated list who saved three of its papers, the
 * rest judged; its tune half, then its check half.
 *   npm run eval:recommend [-- FILE --db sqlite|postgres|pglite --papers N --text-only]
 * FILE: the 42,639 shared arXiv papers. They are imported into the store eval:search uses (imported
 * once for all evals); --papers N imports only N papers drawn by a seed into a store of their own.
 * Vectors are those stored there (eval:search makes them), none with --text-only.
 */
import { parseArgs } from 'node:util';
import { fuseRankings } from '../server/modules/search/fusion.js';
import { createSearchRepo } from '../server/modules/search/repo.js';
import { createTextSearch } from '../server/modules/search/text-search.js';
import { corpusFile, readCorpus } from './lib/corpus.js';
import { evalDatabase, openEvalSite } from './lib/eval-site.js';
import { percentile } from './lib/percentile.js';
import { BOOKMARKS, type JudgedReader, judgedReaders } from './lib/recommend-eval/judged-readers.js';
import { linearSvm } from './lib/recommend-eval/linear-svm.js';
import { newestInCategories } from './lib/recommend-eval/newest-in-categories.js';
import { headingReaders } from './lib/related-eval/judged-headings.js';
import { sameAreaPapers, sameAuthorsPapers } from './lib/related-eval/judged-related.js';
import { plainTfidf } from './lib/related-eval/plain-tfidf.js';
import { readDevSet } from './lib/search-eval/dev-set.js';
import { ndcgAt } from './lib/search-eval/metrics.js';
import { sample } from './lib/search-eval/sample.js';

/** The recommendations judged: a screen's first ten. */
const SHOWN = 10;
/** Papers of each bookmark's "more like this" that the fused alternative fuses. */
const FUSED_DEPTH = 50;
const SEED = 20261201;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    papers: { type: 'string' },
    'text-only': { type: 'boolean', default: false },
  },
});
const database = evalDatabase(values.db);
const corpus = await readCorpus(corpusFile(positionals[0], 'npm run eval:recommend -- FILE'));
const papers = values.papers ? sample(corpus, Number(values.papers), SEED) : corpus;
const devSet = readDevSet();
const inCorpus = new Set(papers.map((paper) => paper.arxivId));
const sets: [string, JudgedReader[]][] = [
  ['lists, tune half', headingReaders(devSet, 'tune', inCorpus, SEED)],
  ['lists, check half', headingReaders(devSet, 'check', inCorpus, SEED)],
  ['same arXiv area', judgedReaders(sameAreaPapers(papers), SEED)],
  ['same authors', judgedReaders(sameAuthorsPapers(papers, BOOKMARKS), SEED)],
];
const storeName = values.papers ? `eval-recommend-${values.papers}` : 'eval-search';
const site = await openEvalSite({ database, storeName, papers });
try {
  const { services, handle, config, log } = site;
  const searchRepo = createSearchRepo(handle);
  const textSearch = createTextSearch({ repo: searchRepo, titleWeight: config.search.titleWeight, log });
  await textSearch.warmUp();
  const idOf = new Map(
    (await handle.db.selectFrom('papers').select(['id', 'arxiv_id']).execute()).map((row) => [row.arxiv_id, row.id]),
  );
  const arxivIdOf = new Map([...idOf].map(([arxivId, id]) => [id, arxivId]));
  const toArxivIds = (ids: readonly number[]) => ids.map((id) => arxivIdOf.get(id) ?? '');
  const savedOf = async (bookmarks: readonly string[]) =>
    (await Promise.all(bookmarks.map((arxivId) => searchRepo.findPaper({ arxivId })))).flatMap((paper) => paper ?? []);
  const { index, reason } = values['text-only']
    ? { index: null, reason: '--text-only' }
    : await services.vectorSupport();
  const { model: modelId } = await services.search.status();
  const embedded = index ? await searchRepo.embeddedCount(modelId) : 0;
  console.log(
    `"For you" on ${papers.length} real papers (${database}), ${BOOKMARKS} bookmarks a reader: vectors ${index ? `${embedded} stored` : `none (${reason})`}`,
  );

  const centroid = plainTfidf(papers);
  const newest = newestInCategories(papers);
  const primaryOf = new Map(papers.map((paper) => [paper.arxivId, paper.primaryCategory]));
  const svm = linearSvm(papers);
  type Rank = (bookmarks: readonly string[]) => Promise<string[]>;
  const rankings: [string, Rank][] = [
    [
      'site: their areas lifted',
      async (bookmarks) => {
        const areas = { primaryCategories: bookmarks.map((id) => primaryOf.get(id) ?? ''), categoryIds: [] };
        return toArxivIds(
          (await services.search.alike(await savedOf(bookmarks), SHOWN, { areas })).map((p) => p.paperId),
        );
      },
    ],
    [
      'alike, areas not lifted',
      async (bookmarks) => toArxivIds((await textSearch.alike(await savedOf(bookmarks), SHOWN)).map((p) => p.paperId)),
    ],
    [
      'fused more-like-this',
      async (bookmarks) => {
        const saved = await savedOf(bookmarks);
        const savedIds = new Set(saved.map((paper) => paper.id));
        const lists = await Promise.all(
          saved.map((paper) => textSearch.similar(paper, FUSED_DEPTH, (id) => !savedIds.has(id))),
        );
        return toArxivIds(fuseRankings(lists.map((ids) => ({ ids, weight: 1 }))).slice(0, SHOWN));
      },
    ],
    ['linear SVM', async (bookmarks) => svm(bookmarks, SHOWN)],
    ...(index && embedded > 0
      ? [
          [
            'vector centroid',
            async (bookmarks: readonly string[]) => {
              const ids = bookmarks.map((arxivId) => idOf.get(arxivId) ?? 0);
              const vectors = (await Promise.all(ids.map((id) => index.vectorOf(modelId, id)))).flatMap((v) => v ?? []);
              const [first] = vectors;
              if (!first) return [];
              const mean = first.map((_, i) => vectors.reduce((sum, vector) => sum + (vector[i] ?? 0), 0));
              const near = await index.nearest(modelId, Float32Array.from(mean), SHOWN + BOOKMARKS);
              return toArxivIds(near.map((paper) => paper.paperId).filter((id) => !ids.includes(id))).slice(0, SHOWN);
            },
          ] as [string, Rank],
        ]
      : []),
    ['newest in categories', async (bookmarks) => newest(bookmarks, SHOWN)],
    ['tf-idf centroid', async (bookmarks) => centroid.centroid(bookmarks, SHOWN)],
  ];

  const times = new Map<string, number[]>();
  console.log('set'.padEnd(24), 'ranking'.padEnd(22), 'nDCG@10'.padStart(8), 'P@10'.padStart(7));
  for (const [name, readers] of sets) {
    for (const [ranking, rank] of rankings) {
      let ndcg = 0;
      let precision = 0;
      for (const { bookmarks, judgments } of readers) {
        const started = performance.now();
        const ranked = await rank(bookmarks);
        const measured = times.get(ranking) ?? [];
        measured.push(performance.now() - started);
        times.set(ranking, measured);
        ndcg += ndcgAt(SHOWN, ranked, judgments);
        precision += ranked.slice(0, SHOWN).filter((id) => (judgments.get(id) ?? 0) > 0).length / SHOWN;
      }
      console.log(
        (ranking === rankings[0]?.[0] ? `${name} (${readers.length})` : '').padEnd(24),
        ranking.padEnd(22),
        (ndcg / readers.length).toFixed(3).padStart(8),
        (precision / readers.length).toFixed(3).padStart(7),
      );
    }
  }
  for (const [ranking, measured] of times) {
    const sorted = measured.sort((a, b) => a - b);
    console.log(
      `${ranking}: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms (${sorted.length} readers)`,
    );
  }
} finally {
  await site.close();
}
