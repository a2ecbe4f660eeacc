import { readFileSync } from 'node:fs';
import path from 'node:path';
import { splitSentences } from '../../../server/providers/summary/abstract-text.js';
import type { Judgments } from './metrics.js';
import { sample } from './sample.js';
import { sharedTitleWords } from './title-words.js';

/** The judged query sets, committed beside their README. */
export const JUDGED_SETS_DIR = path.resolve(import.meta.dirname, '../../search-eval');

/** What the judged sets need of a paper. */
export interface JudgedPaper {
  arxivId: string;
  title: string;
  abstract: string;
  primaryCategory: string;
  categories: string[];
}

export interface JudgedQuery {
  query: string;
  judgments: Judgments;
}

interface TopicalFile {
  queries: { query: string; terms: string[] }[];
}

interface ParaphraseFile {
  seed: number;
  questions: { arxivId: string; title: string; question: string }[];
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(path.join(JUDGED_SETS_DIR, name), 'utf8')) as T;

/**
 * A research area's query judges every paper of the area: grade 2 where one of its arXiv terms is
 * the paper's primary category, 1 where the paper is cross-listed under one.
 */
export function topicalQueries(papers: readonly JudgedPaper[], file = readJson<TopicalFile>('topical.json')) {
  return file.queries.map(({ query, terms }): JudgedQuery => {
    const judgments = new Map<string, number>();
    for (const paper of papers) {
      if (terms.includes(paper.primaryCategory)) judgments.set(paper.arxivId, 2);
      else if (paper.categories.some((term) => terms.includes(term))) judgments.set(paper.arxivId, 1);
    }
    if (judgments.size === 0) throw new Error(`"${query}": no paper is filed under ${terms.join(', ')}`);
    return { query, judgments };
  });
}

/**
 * A question written for one paper drawn by the seed judges that paper alone. Fails unless the
 * questions are those of the papers the seed draws from this corpus, in order, and none uses a word
 * of its paper's title.
 */
export function paraphraseQueries(papers: readonly JudgedPaper[], file = readJson<ParaphraseFile>('paraphrases.json')) {
  const drawn = sample(papers, file.questions.length, file.seed);
  const problems: string[] = [];
  file.questions.forEach(({ arxivId, question }, i) => {
    const paper = drawn[i];
    if (paper?.arxivId !== arxivId) {
      problems.push(`question ${i + 1} is for ${arxivId}, but the seed draws ${paper?.arxivId} from this corpus`);
      return;
    }
    const shared = sharedTitleWords(paper.title, question);
    if (shared.length > 0) problems.push(`${arxivId}: the question uses the title's words ${shared.join(', ')}`);
  });
  if (problems.length > 0) throw new Error(`The paraphrased questions break their rules:\n  ${problems.join('\n  ')}`);
  return file.questions.map(
    ({ arxivId, question }): JudgedQuery => ({ query: question, judgments: new Map([[arxivId, 2]]) }),
  );
}

/**
 * What a curated list of papers puts before its headings: the subject of the whole list. The
 * digest's subject is this corpus's.
 */
export const LIST_SUBJECT = 'artificial intelligence and large language model research';

/** The group of the arXiv taxonomy (https://arxiv.org/category_taxonomy) a category's archive belongs to. */
export function taxonomyGroup(category: string): string {
  const archive = category.split('.')[0] ?? category;
  const groups: Record<string, string> = {
    cs: 'Computer Science',
    econ: 'Economics',
    eess: 'Electrical Engineering and Systems Science',
    math: 'Mathematics',
    'q-bio': 'Quantitative Biology',
    'q-fin': 'Quantitative Finance',
    stat: 'Statistics',
  };
  return groups[archive] ?? 'Physics';
}

/**
 * A query as a heading of a curated list is asked with its context: "subject: section > heading".
 * Here the subject is the corpus's, the section the taxonomy group of the query's area (of the
 * paper's primary category, for a question).
 */
export function inContext(query: string, category: string): string {
  return `${LIST_SUBJECT}: ${taxonomyGroup(category)} > ${query}`;
}

/** The topical queries in context, judged as the topical ones. */
export function topicalInContext(papers: readonly JudgedPaper[], file = readJson<TopicalFile>('topical.json')) {
  const judged = topicalQueries(papers, file);
  return file.queries.map(
    ({ query, terms }, i): JudgedQuery => ({
      query: inContext(query, terms[0] ?? ''),
      judgments: (judged[i] as JudgedQuery).judgments,
    }),
  );
}

/** The paraphrased questions in context, each judged by its paper. */
export function paraphrasesInContext(
  papers: readonly JudgedPaper[],
  file = readJson<ParaphraseFile>('paraphrases.json'),
) {
  const byId = new Map(papers.map((paper) => [paper.arxivId, paper]));
  return paraphraseQueries(papers, file).map(({ query, judgments }): JudgedQuery => {
    const [arxivId] = judgments.keys();
    return { query: inContext(query, byId.get(arxivId ?? '')?.primaryCategory ?? ''), judgments };
  });
}

/**
 * Long questions, as a reader pastes a passage: the last two sentences of the abstract of each
 * paper the paraphrased set draws (the same seed), judging that paper.
 */
export function pastedSentences(papers: readonly JudgedPaper[], file = readJson<ParaphraseFile>('paraphrases.json')) {
  return sample(papers, file.questions.length, file.seed).map(
    (paper): JudgedQuery => ({
      query: splitSentences(paper.abstract).slice(-2).join(' '),
      judgments: new Map([[paper.arxivId, 2]]),
    }),
  );
}

interface ArabicFile {
  topical: { query: string; arabic: string }[];
  paraphrased: { arxivId: string; arabic: string }[];
}

/**
 * The Arabic twins of the topical queries and of the paraphrased questions, each judged as its
 * English twin. Fails unless the twins are those of the English sets, one each, in their order.
 */
export function arabicTwins(
  english: { topical: readonly JudgedQuery[]; paraphrased: readonly JudgedQuery[] },
  file = readJson<ArabicFile>('arabic.json'),
): { topical: JudgedQuery[]; paraphrased: JudgedQuery[] } {
  const { topical, paraphrased } = english;
  const problems = [
    ...twinProblems(
      'topical',
      topical.map(({ query }) => query),
      file.topical.map(({ query }) => query),
    ),
    ...twinProblems(
      'paraphrased',
      paraphrased.map(({ judgments }) => [...judgments.keys()][0] ?? ''),
      file.paraphrased.map(({ arxivId }) => arxivId),
    ),
  ];
  if (problems.length > 0) throw new Error(`The Arabic twins break their rules:\n  ${problems.join('\n  ')}`);
  const twinned = (twins: { arabic: string }[], of: readonly JudgedQuery[]) =>
    twins.map(({ arabic }, i): JudgedQuery => ({ query: arabic, judgments: (of[i] as JudgedQuery).judgments }));
  return { topical: twinned(file.topical, topical), paraphrased: twinned(file.paraphrased, paraphrased) };
}

function twinProblems(set: string, english: string[], twins: string[]): string[] {
  if (twins.length !== english.length) return [`${set}: ${twins.length} Arabic twins for ${english.length} queries`];
  return twins.flatMap((twin, i) =>
    twin === english[i] ? [] : [`${set} ${i + 1}: "${twin}" is no twin of "${english[i]}"`],
  );
}

/** Questions no paper of the corpus is about (nonsense, and everyday questions from outside the field): each should answer nothing. */
export function unanswerableQuestions(file = readJson<{ questions: string[] }>('unanswerable.json')): string[] {
  return file.questions;
}
