/**
 * Related papers' quality: nDCG@6 and precision@6 (the paper page shows six) of the site's related
 * papers, of full text's "more like this" alone, of vector neighbours alone where papers have
 * vectors, and of plain TF-IDF cosine (the baseline, arxiv-sanity-lite's features), on papers judged
 * by rules from the real papers' metadata (bench/search-eval/README.md, "Related papers"); with the
 * p50 and p95 of the site's answer. First on the development set (bench/search-eval/dev/): each paper of a
 * curated list's heading, the heading's other papers judged related; its tune half, then its check half.
 *   npm run eval:related [-- FILE --db sqlite|postgres|pglite --papers N --per-heading N --text-only]
 * FILE: the 42,639 shared arXiv papers. They are imported into the store eval:search uses (imported
 * once for both); vectors are those stored there (eval:search makes them), none with --text-only.
 * --papers N reads the part of the corpus `eval:search -- --papers N` imports and embeds. --per-heading N
 * judges N papers of each heading, drawn by seed, instead of all (a quicker run).
 */
import { parseArgs } from 'node:util';
import { createSearchRepo } from '../server/modules/search/repo.js';
import { createTextSearch } from '../server/modules/search/text-search.js';
import { corpusFile, readCorpus } from './lib/corpus.js';
import { evalDatabase, openEvalSite } from './lib/eval-site.js';
import { headingPapers } from './lib/related-eval/judged-headings.js';
import { type JudgedPaper, sameAreaPapers, sameAuthorsPapers } from './lib/related-eval/judged-related.js';
import { plainTfidf } from './lib/related-eval/plain-tfidf.js';
import { readDevSet } from './lib/search-eval/dev-set.js';
import { evalSubset } from './lib/search-eval/eval-subset.js';
import { ndcgAt } from './lib/search-eval/metrics.js';

const SHOWN = 6;
/** Draws the papers of each heading judged, with --per-heading N. */
const SEED = 20261129;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    papers: { type: 'string' },
    'per-heading': { type: 'string' },
    'text-only': { type: 'boolean', default: false },
  },
});
const database = evalDatabase(values.db);
const corpus = await readCorpus(corpusFile(positionals[0], 'npm run eval:related -- FILE'));
const papers = values.papers ? evalSubset(corpus, Number(values.papers)) : corpus;
const devSet = readDevSet();
const inCorpus = new Set(papers.map((paper) => paper.arxivId));
const drawn = { perHeading: Number(values['per-heading'] ?? Number.POSITIVE_INFINITY), seed: SEED };
const sets: [string, JudgedPaper[]][] = [
  ['lists, tune half', headingPapers(devSet, 'tune', inCorpus, drawn)],
  ['lists, check half', headingPapers(devSet, 'check', inCorpus, drawn)],
  ['same arXiv area', sameAreaPapers(papers)],
  ['same authors', sameAuthorsPapers(papers)],
];
const site = await openEvalSite({
  database,
  storeName: `eval-search${values.papers ? `-${values.papers}` : ''}`,
  papers,
});
try {
  const { services, handle, config, log } = site;
  const searchRepo = createSearchRepo(handle);
  const textSearch = createTextSearch({ repo: searchRepo, titleWeight: config.search.titleWeight, log });
  const idOf = new Map(
    (await handle.db.selectFrom('papers').select(['id', 'arxiv_id']).execute()).map((row) => [row.arxiv_id, row.id]),
  );
  const arxivIdOf = new Map([...idOf].map(([arxivId, id]) => [id, arxivId]));
  const { index, reason } = values['text-only']
    ? { index: null, reason: '--text-only' }
    : await services.vectorSupport();
  const { model: modelId } = await services.search.status();
  const embedded = index ? await searchRepo.embeddedCount(modelId) : 0;
  console.log(
    `Related papers on ${papers.length} real papers (${database}): vectors ${index ? `${embedded} stored` : `none (${reason})`}`,
  );

  const siteTimes: number[] = [];
  const baseline = plainTfidf(papers);
  const rankings: [string, (arxivId: string) => Promise<string[]>][] = [
    [
      'site',
      async (arxivId) => {
        const started = performance.now();
        const { papers: related } = await services.search.related({ kind: 'arxiv', arxivId }, SHOWN);
        siteTimes.push(performance.now() - started);
        return related.map((paper) => paper.arxivId);
      },
    ],
    // Without vectors the site's answer is full text's: it is not ranked twice.
    ...(index && embedded > 0
      ? [
          [
            'text',
            async (arxivId: string) => {
              const paper = await searchRepo.findPaper({ arxivId });
              if (!paper) return [];
              const ids = await textSearch.similar(paper, SHOWN, (id) => id !== paper.id);
              return ids.map((id) => arxivIdOf.get(id) ?? '');
            },
          ] as [string, (arxivId: string) => Promise<string[]>],
        ]
      : []),
    ...(index && embedded > 0
      ? [
          [
            'vector',
            async (arxivId: string) => {
              const id = idOf.get(arxivId) ?? 0;
              const vector = await index.vectorOf(modelId, id);
              if (!vector) return [];
              const near = await index.nearest(modelId, vector, SHOWN + 1);
              return near.filter((paper) => paper.paperId !== id).map((paper) => arxivIdOf.get(paper.paperId) ?? '');
            },
          ] as [string, (arxivId: string) => Promise<string[]>],
        ]
      : []),
    ['tf-idf', async (arxivId) => baseline.similar(arxivId, SHOWN)],
  ];

  console.log('set'.padEnd(24), 'ranking'.padEnd(8), 'nDCG@6'.padStart(7), 'P@6'.padStart(7));
  for (const [name, judged] of sets) {
    for (const [ranking, rank] of rankings) {
      let ndcg = 0;
      let precision = 0;
      for (const { arxivId, judgments } of judged) {
        const ranked = await rank(arxivId);
        ndcg += ndcgAt(SHOWN, ranked, judgments);
        precision += ranked.slice(0, SHOWN).filter((id) => (judgments.get(id) ?? 0) > 0).length / SHOWN;
      }
      console.log(
        (ranking === 'site' ? `${name} (${judged.length})` : '').padEnd(24),
        ranking.padEnd(8),
        (ndcg / judged.length).toFixed(3).padStart(7),
        (precision / judged.length).toFixed(3).padStart(7),
      );
    }
  }
  const sorted = siteTimes.sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  console.log(
    `site's related papers: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${sorted.length} answers, ${config.search.titleWeight}× title)`,
  );
} finally {
  await site.close();
}
