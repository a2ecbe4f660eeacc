import { setTimeout as sleep } from 'node:timers/promises';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import type { TestApp } from '../../test/app.js';
import type { PaperText } from './text-index.js';

/**
 * The real encoder, each text embedded once per test file: the same papers are searched on every
 * database, and only the first needs to wait for their vectors. Closing it is the caller's.
 */
export function rememberingEmbedder(inner: TextEmbedder): TextEmbedder {
  const known = new Map<string, Float32Array>();
  return {
    modelId: inner.modelId,
    async embed(texts, signal, lane) {
      const missing = [...new Set(texts.filter((text) => !known.has(text)))];
      if (missing.length > 0) {
        const vectors = await inner.embed(missing, signal, lane);
        missing.forEach((text, i) => {
          const vector = vectors[i];
          if (vector) known.set(text, vector);
        });
      }
      return texts.map((text) => known.get(text) as Float32Array);
    },
    close: () => inner.close(),
  };
}

/**
 * The real encoder, counting: `completed` lists every text of every call that answered. After
 * holdAfter(n) the call following the n-th waits until aborted or released (a worker stopped mid-batch).
 */
export function countingEmbedder(inner: TextEmbedder) {
  const completed: string[] = [];
  let calls = 0;
  let holdFrom = Number.POSITIVE_INFINITY;
  let release: (() => void) | null = null;
  let reached: (() => void) | null = null;
  let held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const embedder: TextEmbedder = {
    modelId: inner.modelId,
    async embed(texts, signal, lane) {
      calls += 1;
      if (calls > holdFrom) {
        reached?.();
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      const vectors = await inner.embed(texts, signal, lane);
      completed.push(...texts);
      return vectors;
    },
    close: () => inner.close(),
  };
  return {
    embedder,
    completed,
    /** Calls after the n-th (counted from now) wait; `held` resolves when one does. */
    holdAfter(n: number): void {
      holdFrom = calls + n;
      held = new Promise<void>((resolve) => {
        reached = resolve;
      });
    },
    get held(): Promise<void> {
      return held;
    },
    /** Lets calls through again, a waiting one included. */
    release(): void {
      holdFrom = Number.POSITIVE_INFINITY;
      release?.();
    },
  };
}

/** Waits until every paper has a vector of the app's model, the background embedder running meanwhile. */
export async function embedAll(target: TestApp, withinMs = 120_000): Promise<void> {
  const embedder = target.services.createPaperEmbedder({ pollMs: 20, batchSize: 16 });
  embedder.start();
  try {
    await embeddedReaches(target, (done, total) => done === total, withinMs);
  } finally {
    await embedder.stop();
  }
}

/** Waits until the embedding progress the app reports satisfies `until`; fails past `withinMs`. */
export async function embeddedReaches(
  target: TestApp,
  until: (done: number, total: number) => boolean,
  withinMs = 120_000,
): Promise<{ done: number; total: number }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { embedded } = await target.services.search.status();
    if (until(embedded.done, embedded.total)) return embedded;
    if (Date.now() > deadline) throw new Error(`embedding stalled at ${embedded.done} of ${embedded.total}`);
    await sleep(50);
  }
}

/** A paper's searchable text: a title and an abstract, nothing else unless given. */
export const paperText = (title: string, abstract: string, extra: Partial<PaperText> = {}): PaperText => ({
  title,
  abstract,
  authors: [],
  summary: '',
  arabic: '',
  ...extra,
});

/** Papers of other topics, which fill a small index so that rarity means something. */
export const fillerPapers = [
  paperText('Diffusion models for images', 'We sample images with a denoising diffusion model.'),
  paperText('Reinforcement learning for robots', 'A robot learns to grasp objects by trial and error.'),
  paperText(
    'Retrieval augmented generation',
    'Documents retrieved for a question ground the answer of a language model.',
  ),
  paperText('Protein folding with deep networks', 'Structures of proteins are predicted from their sequences.'),
];
