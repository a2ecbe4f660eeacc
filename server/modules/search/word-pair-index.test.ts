import { describe, expect, it } from 'vitest';
import { fillerPapers as fillers, paperText as paper } from './testing.js';
import type { PaperText } from './text-index.js';
import { createWordPairIndex } from './word-pair-index.js';

describe('papers like one', () => {
  function smallIndex(papers: PaperText[]) {
    const index = createWordPairIndex();
    papers.forEach((paper, i) => {
      index.put(i + 1, paper);
    });
    return index;
  }

  it('finds papers like one by the words that set its title and abstract apart, not by the words most papers share', () => {
    const seed = paper(
      'Gaussian splatting for dynamic scenes',
      'A language model and a diffusion model are trained; Gaussian splatting renders the scenes in real time.',
    );
    const sharesRareWords = paper('Faster Gaussian splatting', 'Splatting renders scenes from few views.');
    const sharesCommonWords = paper(
      'A language model and a diffusion model',
      'A language model is trained beside a diffusion model, and the model is trained again.',
    );
    const index = smallIndex([...fillers, seed, sharesRareWords, sharesCommonWords]);
    const [seedId, rareId] = [5, 6];
    const alike = index.similar(seed, 3, (id) => id !== seedId);
    expect(alike[0]).toBe(rareId);
    expect(alike).not.toContain(seedId);
  });

  it('finds first the paper whose words stand together as in the one it is like, before one holding more of its words apart', () => {
    const seed = paper('Generative reward models', 'A generative reward model writes a critique of each answer.');
    const wordsTogether = paper('Generative reward models', 'A generative reward model scores answers.');
    const wordsApart = paper(
      'Models that reward a generative critique',
      'Answers: each writes to a model its reward, generative.',
    );
    const index = smallIndex([...fillers, seed, wordsApart, wordsTogether]);
    const [seedId, apartId, togetherId] = [5, 6, 7];
    expect(index.similar(seed, 2, (id) => id !== seedId)).toEqual([togetherId, apartId]);
  });

  it('ranks the same papers like one before and after they are packed, and never a removed one', () => {
    const seed = paper('Gaussian splatting for dynamic scenes', 'Splatting renders dynamic scenes in real time.');
    const papers = [
      ...fillers,
      seed,
      paper('Faster Gaussian splatting', 'Splatting renders scenes from few views.'),
      paper('Dynamic scenes from phone videos', 'Gaussian splatting of scenes filmed on a phone.'),
      paper('Splatting without Gaussians', 'Points render static scenes.'),
    ];
    const index = smallIndex(papers);
    const others = (id: number) => id !== 5;
    const before = index.similar(seed, 3, others);
    index.pack();
    expect(index.similar(seed, 3, others)).toEqual(before);
    index.remove(before[0] as number);
    expect(index.similar(seed, 3, others)).toEqual(before.slice(1));
  });
});

describe.each([
  { name: 'packed', packed: true },
  { name: 'just put', packed: false },
])("papers like a reader's saved papers ($name)", ({ packed }) => {
  const paper = (title: string, abstract: string): PaperText => ({
    title,
    abstract,
    authors: [],
    summary: '',
    arabic: '',
  });
  /** Papers 1 to 8 fill the corpus; the ids of the rest say what each is. */
  const corpus = new Map<number, PaperText>([
    [1, paper('Diffusion models for images', 'We sample images with a denoising diffusion model.')],
    [2, paper('Reinforcement learning for robots', 'A robot learns to grasp objects by trial and error.')],
    [3, paper('Retrieval augmented generation', 'Documents retrieved for a question ground the answer.')],
    [4, paper('Protein folding with deep networks', 'Structures of proteins are predicted from sequences.')],
    [5, paper('Language models as judges', 'A language model grades the answers of another model.')],
    [6, paper('Speech recognition in noise', 'Spoken words are transcribed from noisy recordings.')],
    [7, paper('Graph networks for molecules', 'Molecules are encoded as graphs of atoms and bonds.')],
    [8, paper('Vision transformers', 'Images are cut into patches that a transformer reads.')],
    [10, paper('Gaussian splatting for scenes', 'Splatting renders dynamic scenes from a few views.')],
    [11, paper('Faster Gaussian splatting', 'Splatting compressed scenes on a phone in real time.')],
    [20, paper('Tokenizers for Arabic', 'Arabic words are split by a morphological tokenizer.')],
    [21, paper('Arabic dialect identification', 'A tokenizer for dialectal Arabic speech transcripts.')],
    [30, paper('Splatting dynamic scenes from phone videos', 'Gaussian splatting of scenes filmed on a phone.')],
    [31, paper('Morphological tokenizer for dialectal Arabic', 'Arabic dialect words split by a tokenizer.')],
    [40, paper('Splatting scenes', 'Gaussian splatting.')],
    [41, paper('Splatting scenes', 'Gaussian splatting.')],
  ]);
  const saved = (...ids: number[]) =>
    ids.map((id) => ({ id, title: corpus.get(id)?.title ?? '', abstract: corpus.get(id)?.abstract ?? '' }));

  function corpusIndex() {
    const index = createWordPairIndex();
    for (const [id, text] of corpus) index.put(id, text);
    if (packed) index.pack();
    return index;
  }

  it('answers first the papers sharing the saved papers’ distinctive words, never a saved one', () => {
    const answered = corpusIndex()
      .alike(saved(10, 11, 20, 21), 4)
      .map((paper) => paper.paperId);
    expect(answered.sort()).toEqual([30, 31, 40, 41]);
    expect(answered).not.toContain(10);
    expect(answered).not.toContain(20);
  });

  it('names for each answer the saved paper it is most like', () => {
    const answered = corpusIndex().alike(saved(10, 20), 10);
    const because = new Map(answered.map((paper) => [paper.paperId, paper.becauseId]));
    expect(because.get(30)).toBe(10);
    expect(because.get(31)).toBe(20);
    expect(because.get(11)).toBe(10);
    expect(because.get(21)).toBe(20);
  });

  it('answers the newest of equally alike papers first, and only those accept takes', () => {
    const index = corpusIndex();
    const twins = index.alike(saved(10), 10).filter((paper) => paper.paperId === 40 || paper.paperId === 41);
    expect(twins.map((paper) => paper.paperId)).toEqual([41, 40]);
    expect(index.alike(saved(10), 10, (id) => id !== 30).map((paper) => paper.paperId)).not.toContain(30);
  });

  it('answers nothing for a reader who saved nothing, or only words no paper holds', () => {
    const index = corpusIndex();
    expect(index.alike([], 5)).toEqual([]);
    expect(index.alike([{ id: 99, title: 'Zyxwvut', abstract: 'qqqq' }], 5)).toEqual([]);
  });
});

describe('papers like others in a corpus where more than a thousand share their words', () => {
  /** A word of letters only, distinct for each number. */
  const wordOf = (n: number) =>
    `q${[...n.toString(26)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))).join('')}x`;
  /** 1,200 papers on splatting, each alike to the seed in its own degree (longer, less alike). */
  const splatting = Array.from({ length: 1_200 }, (_, i) =>
    paper(
      `Gaussian splatting ${wordOf(i)}`,
      `Splatting renders dynamic scenes. ${Array.from({ length: i % 50 }, (_, j) => wordOf(2_000 + j)).join(' ')}`,
    ),
  );
  const seed = paper('Gaussian splatting for dynamic scenes', 'Splatting renders dynamic scenes in real time.');
  const index = createWordPairIndex();
  [...fillers, ...splatting].forEach((text, i) => {
    index.add(i + 1, text);
  });
  index.pack();
  const everyPaper = fillers.length + splatting.length;
  const whole = index.similar(seed, everyPaper);

  it('answers the start of the whole ranking', () => {
    expect(whole.length).toBeGreaterThan(1_000);
    expect(index.similar(seed, 10)).toEqual(whole.slice(0, 10));
  });

  it('answers the best that accept takes when it refuses the best thousand', () => {
    const refused = new Set(whole.slice(0, 1_000));
    expect(index.similar(seed, 5, (id) => !refused.has(id))).toEqual(whole.slice(1_000, 1_005));
  });

  it('lifts a reader’s areas when their papers rank below the best thousand', () => {
    const reader = [{ id: 0, ...seed }];
    const area = new Set(whole.slice(-3));
    const answered = index.alike(reader, 10, undefined, (id) => area.has(id)).map((paper) => paper.paperId);
    expect(answered.filter((id) => area.has(id)).sort()).toEqual([...area].sort());
    // The best of the areas leads, as the best of all would without them.
    expect(answered[0]).toBe(whole.at(-3));
  });
});
