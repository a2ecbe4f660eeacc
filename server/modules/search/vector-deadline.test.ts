import { beforeAll, describe, expect, it } from 'vitest';
import { paperMatchesSchema } from '../../../common/search.js';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import { type TestApp, useTestApp, withTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../../test/fake-embeddings.js';
import { pgvectorKind } from '../../test/pglite.js';
import { seedPapers } from '../ingest/seed.js';
import { embedAll } from './testing.js';

/** The first 30 demo papers. */
const CORPUS_SIZE = 30;
const COLLIE = '2312.00407'; // CoLLiE: Collaborative Training of Large Language Models in an Efficient Way
const SMOLA = '2312.00968'; // Omni-SMoLA: … Soft Mixture of Low-rank Experts
/** CoLLiE by its name, which full text finds; quokkas by meaning, which only the vector side finds (SMoLA). */
const QUESTION = 'CoLLiE quokka';
/** Each search waits this long for its question's vector past full text: long enough for an answer that comes at once. */
const DEADLINE_MS = 1_000;

const withVectors = [
  { title: 'SQLite with sqlite-vec', kind: testDatabaseKinds[0] },
  { title: 'PostgreSQL with pgvector (PGlite)', kind: pgvectorKind() },
] as const;

/** A unit vector of 8 numbers along one axis. */
function axis(index: number): Float32Array {
  const vector = new Float32Array(8);
  vector[index] = 1;
  return vector;
}

/**
 * A model that answers at once: a text naming SMoLA or quokkas points one way, every other text
 * another. While `slow`, a search's question gets no vector until the search gives up on it.
 */
function switchableModel() {
  const state = { slow: false, questions: 0 };
  const embedder: TextEmbedder = {
    modelId: 'quokka-axes',
    async embed(texts, signal, lane) {
      if (lane === 'query') {
        state.questions += 1;
        if (state.slow)
          await new Promise((_resolve, reject) =>
            signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
          );
      }
      return texts.map((text) => axis(/quokka|SMoLA/i.test(text) ? 0 : 1));
    },
    close: async () => {},
  };
  return { embedder, state };
}

function searchClient(target: TestApp) {
  return {
    async ids(query: string): Promise<string[]> {
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/papers/semantic',
        payload: { query, top_k: 9 },
      });
      expect(response.statusCode).toBe(200);
      return paperMatchesSchema.parse(response.json()).papers.map((paper) => paper.arxivId);
    },
    async textOnly(query: string): Promise<string[]> {
      return (await target.services.search.search(query, 9, 'text')).map((paper) => paper.arxivId);
    },
  };
}

describe.each(withVectors)('a search on $title whose question the model does not embed in time', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');
  const { embedder, state } = switchableModel();
  const lines: string[] = [];
  const target = useTestApp(kind, () => ({ LOG_LEVEL: 'warn' }), {
    textEmbedder: embedder,
    searchVectorDeadlineMs: DEADLINE_MS,
    logDestination: { write: (line: string) => lines.push(line) },
  });

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
    await embedAll(target);
  }, 60_000);

  it('answers from full text alone and keeps no such answer; once the model answers, the same search uses vectors', async () => {
    const client = searchClient(target);
    const textOnly = await client.textOnly(QUESTION);
    expect(textOnly).toContain(COLLIE);
    expect(textOnly).not.toContain(SMOLA);

    state.slow = true;
    expect(await client.ids(QUESTION)).toEqual(textOnly);
    // Asked again, not answered from a kept copy.
    expect(await client.ids(QUESTION)).toEqual(textOnly);
    expect(state.questions).toBe(2);
    expect(lines.filter((line) => line.includes('not embedded in time: answering from full text alone'))).toHaveLength(
      2,
    );

    state.slow = false;
    const withVectors = await client.ids(QUESTION);
    expect(withVectors).toContain(COLLIE);
    expect(withVectors).toContain(SMOLA);
    expect(state.questions).toBe(3);
    // This answer is kept.
    expect(await client.ids(QUESTION)).toEqual(withVectors);
    expect(state.questions).toBe(3);
  });

  it("warms the questions' model up at start, in the questions' lane", async () => {
    const before = state.questions;
    await target.services.search.warmUp();
    expect(state.questions).toBe(before + 1);
  });
});

describe.each(withVectors)('a search on $title with an embeddings endpoint that is slow or down', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');
  let fake: FakeEmbeddings;
  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    return () => fake.close();
  });

  it('answers from full text alone without keeping the answer, and asks the endpoint again once it is back', async () => {
    const lines: string[] = [];
    const env = { LOG_LEVEL: 'warn', EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: 'fake-embeddings' };
    const options = {
      searchVectorDeadlineMs: DEADLINE_MS,
      logDestination: { write: (line: string) => lines.push(line) },
    };
    await withTestApp(
      kind,
      env,
      async (target) => {
        await seedPapers(target.handle, CORPUS_SIZE);
        await embedAll(target);
        const client = searchClient(target);
        const textOnly = await client.textOnly('CoLLiE');
        const degraded = () => lines.filter((line) => line.includes('answering from full text alone')).length;

        // Slow: the endpoint takes the request and never answers.
        fake.mode = 'hang';
        expect(await client.ids('CoLLiE')).toEqual(textOnly);
        expect(degraded()).toBe(1);
        // Down: it answers errors, which the client retries with pauses of seconds.
        fake.mode = 'error';
        expect(await client.ids('CoLLiE')).toEqual(textOnly);
        expect(degraded()).toBe(2);

        fake.mode = 'valid';
        const asked = fake.requests.length;
        await client.ids('CoLLiE');
        expect(fake.requests.length).toBe(asked + 1);
        await client.ids('CoLLiE');
        expect(fake.requests.length).toBe(asked + 1);
        expect(degraded()).toBe(2);
      },
      options,
    );
  }, 60_000);
});
