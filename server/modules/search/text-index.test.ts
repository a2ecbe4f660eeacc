import { describe, expect, it } from 'vitest';
import { type PlainPaper, plainBm25 } from '../../../bench/lib/search-eval/plain-bm25.js';
import { seededRandom } from './seeded-random.js';
import { fillerPapers as fillers, paperText as paper } from './testing.js';
import { createTextIndex, type PaperText, QUESTION_TERMS } from './text-index.js';
import { textTokens } from './text-tokens.js';

const TITLE_WEIGHT = 3;
const TOP = 20;
const CORPUS_SIZE = 300;

/** Made-up words, so that how often each occurs is the generator's doing alone. */
const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'so', 'ti', 'vu', 'ze', 'bo', 'di', 'fa', 'gu', 'he', 'jo'];
const VOCABULARY = Array.from(
  { length: 400 },
  (_, i) => `${SYLLABLES[i % 16]}${SYLLABLES[(i >> 4) % 16]}${SYLLABLES[(i >> 8) % 16]}n`,
);
const STOP_WORDS = ['the', 'of', 'and', 'we', 'in', 'to'];

/** A word drawn with a skew: the first words of the vocabulary are common, the last rare. */
function drawWord(random: () => number): string {
  return VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2)] as string;
}

function drawText(random: () => number, fewest: number, most: number): string {
  const length = fewest + Math.floor(random() * (most - fewest + 1));
  return Array.from({ length }, () =>
    random() < 0.15 ? STOP_WORDS[Math.floor(random() * STOP_WORDS.length)] : drawWord(random),
  ).join(' ');
}

const arxivIdOf = (id: number) => `2401.${String(id).padStart(5, '0')}`;

/** Papers 1 to CORPUS_SIZE; each abstract ends in a word of its own (`tag<id>`). */
function syntheticCorpus(seed: number): Map<number, PlainPaper> {
  const random = seededRandom(seed);
  const papers = new Map<number, PlainPaper>();
  for (let id = 1; id <= CORPUS_SIZE; id++) {
    papers.set(id, {
      arxivId: arxivIdOf(id),
      title: drawText(random, 3, 8),
      abstract: `${drawText(random, 25, 90)} tag${id}`,
    });
  }
  return papers;
}

const textOf = (paper: PlainPaper, extra: Partial<PaperText> = {}): PaperText => ({
  title: paper.title,
  abstract: paper.abstract,
  authors: [],
  summary: '',
  arabic: '',
  ...extra,
});

function indexOf(papers: Map<number, PlainPaper>) {
  const index = createTextIndex(TITLE_WEIGHT);
  for (const [id, paper] of papers) index.add(id, textOf(paper));
  index.pack();
  return index;
}

/** The reference, over the papers in order of id: both break ties by the later paper. */
function referenceOf(papers: Map<number, PlainPaper>) {
  return plainBm25(
    [...papers].sort(([a], [b]) => a - b).map(([, paper]) => paper),
    TITLE_WEIGHT,
  );
}

const distinctTerms = (question: string) => new Set(textTokens(question)).size;

/** Short questions of vocabulary words, and long ones (80+ words) repeating a few dozen of them. */
function seededQuestions(seed: number): string[] {
  const random = seededRandom(seed);
  const short = Array.from({ length: 14 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => drawWord(random)).join(' '),
  );
  const long = Array.from({ length: 6 }, () => {
    const pool = Array.from({ length: 30 + Math.floor(random() * 25) }, () => drawWord(random));
    return Array.from({ length: 80 + Math.floor(random() * 40) }, () =>
      random() < 0.1 ? 'the' : pool[Math.floor(random() * pool.length)],
    ).join(' ');
  });
  return [...short, ...long];
}

describe('the full-text index against plain BM25', () => {
  const corpus = syntheticCorpus(7);
  const questions = seededQuestions(11);
  const ranked = (index: ReturnType<typeof createTextIndex>, question: string, limit = TOP) =>
    index.rank(question, limit).map(arxivIdOf);

  it('draws long questions of 80+ words within the bound on terms, so that all their terms are scored', () => {
    const long = questions.filter((question) => question.split(' ').length >= 80);
    expect(long).toHaveLength(6);
    for (const question of long) expect(distinctTerms(question)).toBeLessThanOrEqual(QUESTION_TERMS);
  });

  it('ranks the top 20 as plain BM25 does, for short and long questions', () => {
    const index = indexOf(corpus);
    const reference = referenceOf(corpus);
    for (const question of questions) {
      const expected = reference.rank(question, TOP);
      expect(expected.length).toBeGreaterThan(0);
      expect(ranked(index, question), question.slice(0, 60)).toEqual(expected);
    }
  });

  describe('after papers are removed and others put again with new text', () => {
    const removed = [3, 17, 42, 88, 120, 121, 199, 250, 251, 300];
    const replaced = [1, 9, 55, 77, 140, 141, 222, 260, 280, 299];
    const random = seededRandom(23);
    const renewed = new Map(
      replaced.map((id) => [
        id,
        { arxivId: arxivIdOf(id), title: drawText(random, 3, 8), abstract: `${drawText(random, 25, 90)} renewed${id}` },
      ]),
    );
    const changed = new Map(corpus);
    for (const id of removed) changed.delete(id);
    for (const [id, paper] of renewed) changed.set(id, paper);

    function changedIndex() {
      const index = indexOf(corpus);
      for (const id of removed) index.remove(id);
      for (const [id, paper] of renewed) index.put(id, textOf(paper));
      return index;
    }

    it('never answers a removed paper, and finds a replaced one by its new words only, before packing', () => {
      const index = changedIndex();
      expect(index.size).toBe(CORPUS_SIZE - removed.length);
      for (const question of questions) {
        const ids = index.rank(question, CORPUS_SIZE);
        expect(ids.filter((id) => removed.includes(id))).toEqual([]);
      }
      for (const id of removed) expect(index.rank(`tag${id}`, TOP)).toEqual([]);
      for (const id of replaced) {
        expect(index.rank(`tag${id}`, TOP)).toEqual([]);
        expect(index.rank(`renewed${id}`, TOP)).toEqual([id]);
        expect(index.rank((renewed.get(id) as PlainPaper).title, 1)).toEqual([id]);
      }
    });

    it('ranks the top 20 as plain BM25 over the changed papers once packed', () => {
      const index = changedIndex();
      index.pack();
      const reference = referenceOf(changed);
      for (const question of [...questions, ...replaced.map((id) => `renewed${id} tag${id}`)]) {
        expect(ranked(index, question), question.slice(0, 60)).toEqual(reference.rank(question, TOP));
      }
    });
  });

  it('ranks for other words as plain BM25 does when papers have authors and summaries, which add nothing to length', () => {
    const index = createTextIndex(TITLE_WEIGHT);
    for (const [id, paper] of corpus) {
      index.add(
        id,
        textOf(paper, { authors: [`Author${id} Surname${id}`], summary: `summarised${id} condensed${id}` }),
      );
    }
    index.pack();
    const reference = referenceOf(corpus);
    for (const question of questions) {
      expect(ranked(index, question), question.slice(0, 60)).toEqual(reference.rank(question, TOP));
    }
    for (const id of [5, 150, 290]) {
      expect(index.rank(`Surname${id}`, TOP)).toEqual([id]);
      expect(index.rank(`summarised${id}`, TOP)).toEqual([id]);
    }
  });
});

describe('a question with more terms than are scored', () => {
  /** Words in every paper: a pasted abstract's common words, which weigh nearly nothing. */
  const common = VOCABULARY.slice(0, QUESTION_TERMS + 36);
  const rare = ['quorvexan', 'bryndalic', 'silphanet'];

  it('is ranked by its rarest terms, wherever in the question they stand', () => {
    const random = seededRandom(31);
    const index = createTextIndex(TITLE_WEIGHT);
    for (let id = 1; id <= 100; id++) {
      index.add(id, {
        title: drawText(random, 3, 6),
        abstract: `${common.join(' ')} ${drawText(random, 5, 20)}`,
        authors: [],
        summary: '',
        arabic: '',
      });
    }
    // The paper sought is the longest, so it would rank last if only the common words were scored.
    const sought = 101;
    index.add(sought, {
      title: drawText(random, 3, 6),
      abstract: `${common.join(' ')} ${drawText(random, 150, 150)} ${rare.join(' ')}`,
      authors: [],
      summary: '',
      arabic: '',
    });
    index.pack();
    const question = `${common.join(' ')} ${rare.join(' ')}`;
    expect(distinctTerms(question)).toBeGreaterThan(QUESTION_TERMS);
    expect(index.rank(question, 5)[0]).toBe(sought);
  });
});

describe('what a paper is found by', () => {
  function smallIndex(papers: PaperText[]) {
    const index = createTextIndex(TITLE_WEIGHT);
    papers.forEach((paper, i) => {
      index.put(i + 1, paper);
    });
    return index;
  }

  it('finds a paper by a name that only its authors hold, and by a word that only its summary holds', () => {
    const index = smallIndex([
      ...fillers,
      paper('Sparse attention', 'Attention over long inputs.', { authors: ['Xiomara Quillfeather', 'Li Wei'] }),
      paper('Quantised models', 'Weights in four bits.', { summary: 'Introduces the Glimmerbrook quantiser.' }),
    ]);
    expect(index.rank('Quillfeather', 5)).toEqual([5]);
    expect(index.rank('Xiomara Quillfeather', 5)).toEqual([5]);
    expect(index.rank('Glimmerbrook', 5)).toEqual([6]);
  });

  it('ranks a breadcrumb by its last part, the parts before it only weighing a little', () => {
    const graph = 5;
    const speech = 6;
    const index = smallIndex([
      ...fillers,
      paper('Graph transformers', 'We apply graph transformers to molecules and their bonds.'),
      paper('Speech audio tokens', 'We turn speech audio into discrete tokens for a language model.'),
    ]);
    const positions = (question: string) => {
      const ids = index.rank(question, 10);
      return { graph: ids.indexOf(graph), speech: ids.indexOf(speech) };
    };
    // Without the breadcrumb, the paper holding three of the words leads.
    const plain = positions('speech audio tokens graph transformers');
    expect(plain.speech).toBeLessThan(plain.graph);
    const graphSought = positions('speech audio tokens > graph transformers');
    expect(graphSought.speech).toBeGreaterThanOrEqual(0);
    expect(graphSought.graph).toBeLessThan(graphSought.speech);
    const speechSought = positions('graph transformers > speech audio tokens');
    expect(speechSought.graph).toBeGreaterThanOrEqual(0);
    expect(speechSought.speech).toBeLessThan(speechSought.graph);
  });

  it('finds Arabic words with or without their vowel marks', () => {
    const index = smallIndex([
      ...fillers,
      paper('Arabic translation', 'نَمُوذَجٌ لُغَوِيٌّ كَبِيرٌ لِلتَّرْجَمَةِ'),
      paper('Arabic vision', 'الشبكات العصبية للصور'),
    ]);
    expect(index.rank('نموذج لغوي', 5)).toEqual([5]);
    expect(index.rank('نَمُوذَجٌ', 5)).toEqual([5]);
    expect(index.rank('الشَّبَكَاتُ العَصَبِيَّةُ', 5)).toEqual([6]);
    expect(index.rank('العصبية', 5)).toEqual([6]);
  });

  it('finds Arabic words however they are spelled: alef, ta marbuta, alef maqsura, tatweel, article and endings', () => {
    const index = smallIndex([...fillers, paper('Arabic text', 'إدارة الشبكة العصبية في المستشفى للنماذج اللغوية')]);
    for (const question of ['اداره', 'شبكـــة', 'الشبكات', 'بالشبكة', 'مستشفي', 'نماذج', 'لغوي', 'اللغويه']) {
      expect(index.rank(question, 5), question).toEqual([5]);
    }
  });

  it('finds a paper by its Arabic without changing how English questions rank it', () => {
    const english = [
      paper('Graph networks', 'Graph networks pass messages between nodes of a graph.'),
      paper('Graph kernels', 'Kernels compare graphs by their walks and their nodes.'),
    ];
    const translated = english.map((text, i) => ({ ...text, arabic: i === 1 ? 'نوى المخططات '.repeat(40) : '' }));
    for (const question of ['graph networks', 'graph kernels nodes', 'nodes']) {
      expect(smallIndex([...fillers, ...translated]).rank(question, 9), question).toEqual(
        smallIndex([...fillers, ...english]).rank(question, 9),
      );
    }
    expect(smallIndex([...fillers, ...translated]).rank('المخطط', 9)).toEqual([6]);
  });

  it('weighs each part of a question given in parts', () => {
    const index = smallIndex(fillers);
    expect(
      index.rank(
        [
          { text: 'diffusion', weight: 0.1 },
          { text: 'robot', weight: 1 },
        ],
        2,
      ),
    ).toEqual([2, 1]);
    expect(
      index.rank(
        [
          { text: 'diffusion', weight: 1 },
          { text: 'robot', weight: 0.1 },
        ],
        2,
      ),
    ).toEqual([1, 2]);
  });

  it('answers nothing for a question without a word it knows', () => {
    const index = smallIndex(fillers);
    expect(index.rank('zyxwvut qqqq', 5)).toEqual([]);
    expect(index.rank('the of and with', 5)).toEqual([]);
    expect(index.rank('', 5)).toEqual([]);
  });
});
