import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../common/errors.js';
import { paperMatchesSchema } from '../../../common/search.js';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import { type TestApp, useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper, paperRow } from '../../test/papers.js';
import { pgvectorKind } from '../../test/pglite.js';
import { createPapersRepo } from '../papers/repo.js';
import { embedAll } from './testing.js';

/**
 * 110 Agents papers that say "planning" three times in a short abstract, and six Robotics papers
 * that say it once in a long one: every Agents paper ranks above every Robotics paper, past the
 * hundred places full text hands on, so a filter applied after that cut would leave a Robotics
 * search empty.
 */
const AGENTS = Array.from({ length: 110 }, (_, i) => `2401.${String(i + 1).padStart(5, '0')}`);
const ROBOTICS = Array.from({ length: 6 }, (_, i) => `2402.${String(i + 1).padStart(5, '0')}`);

async function addCorpus(target: TestApp): Promise<void> {
  const agents = AGENTS.map((arxivId) => ({
    paper: paperRow({ arxiv_id: arxivId, submitted_date: '2024-01-10', abstract: 'Planning, planning and planning.' }),
    summary: null,
    categories: ['Agents'],
  }));
  const robotics = ROBOTICS.map((arxivId) => ({
    paper: paperRow({
      arxiv_id: arxivId,
      submitted_date: '2024-02-10',
      abstract: `Motion planning ${'with grippers, arms, wheels, sensors and cameras '.repeat(8)}`,
    }),
    summary: null,
    categories: ['Robotics'],
  }));
  await createPapersRepo(target.handle).insertMany([...agents, ...robotics]);
}

function searchOf(target: TestApp) {
  const post = (payload: Record<string, unknown>, remoteAddress = '198.51.100.20') =>
    target.app.inject({ method: 'POST', url: '/api/papers/semantic', payload, remoteAddress });
  return {
    post,
    async ids(payload: Record<string, unknown>): Promise<string[]> {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(200);
      return paperMatchesSchema.parse(response.json()).papers.map((paper) => paper.arxivId);
    },
  };
}

describe.each(testDatabaseKinds)('search within a category and past the first results on $name', (kind) => {
  const target = useTestApp(kind);
  const search = () => searchOf(target);

  beforeAll(async () => {
    await addCorpus(target);
  });

  it('ranks only the category’s papers, so its search fills the answer', async () => {
    const everywhere = await search().ids({ query: 'planning', top_k: 9 });
    expect(everywhere).toHaveLength(9);
    expect(everywhere.every((id) => AGENTS.includes(id))).toBe(true);

    const inRobotics = await search().ids({ query: 'planning', top_k: 9, category: 'Robotics' });
    expect([...inRobotics].sort()).toEqual(ROBOTICS);
    expect(await search().ids({ query: 'planning', top_k: 4, category: 'Robotics' })).toEqual(inRobotics.slice(0, 4));
    expect(await search().ids({ query: 'planning', top_k: 9, category: 'Agents' })).toEqual(everywhere);
  });

  it('answers an arXiv id of another category with none of that category', async () => {
    const ids = await search().ids({ query: AGENTS[0], top_k: 5, category: 'Robotics' });
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => ROBOTICS.includes(id))).toBe(true);
    expect((await search().ids({ query: AGENTS[0], top_k: 5, category: 'Agents' }))[0]).toBe(AGENTS[0]);
  });

  it('answers the next places of the same ranking after `offset`, in a category too', async () => {
    const first18 = await search().ids({ query: 'planning', top_k: 18 });
    expect(first18).toHaveLength(18);
    expect(await search().ids({ query: 'planning', top_k: 9 })).toEqual(first18.slice(0, 9));
    expect(await search().ids({ query: 'planning', top_k: 9, offset: 9 })).toEqual(first18.slice(9));
    // The ranking reaches past the hundred places of a first search: all 116 papers say "planning".
    expect(await search().ids({ query: 'planning', top_k: 50, offset: 100 })).toHaveLength(16);

    const robotics = await search().ids({ query: 'planning', top_k: 6, category: 'Robotics' });
    expect(await search().ids({ query: 'planning', top_k: 4, offset: 4, category: 'Robotics' })).toEqual(
      robotics.slice(4),
    );
  });

  it('follows a paper put into the category after a search of it', async () => {
    const before = await search().ids({ query: 'planning', top_k: 9, category: 'Robotics' });
    const added = '2403.00001';
    await addPaper(target.handle, { arxiv_id: added, submitted_date: '2024-03-01', abstract: 'Planning.' }, [
      'Robotics',
    ]);
    await target.services.contentVersion.changed();
    const after = await search().ids({ query: 'planning', top_k: 9, category: 'Robotics' });
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContain(added);
  });

  it('refuses an unknown category with a 400 that names the field and says so', async () => {
    const response = await search().post({ query: 'planning', top_k: 9, category: 'Astrology' });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error).toBe('unknown_category');
    expect(body.message).toBe('The digest has no category "Astrology".');
    expect(Object.keys(body.fields ?? {})).toEqual(['body.category']);
  });

  it.each([
    ['an empty category', { category: '' }, 'body.category'],
    ['a category of 101 characters', { category: 'x'.repeat(101) }, 'body.category'],
    ['a category with a control character', { category: 'Agents\u0007' }, 'body.category'],
    ['a category that is not text', { category: 7 }, 'body.category'],
    ['a negative offset', { offset: -1 }, 'body.offset'],
    ['an offset past 100', { offset: 101 }, 'body.offset'],
    ['a fractional offset', { offset: 1.5 }, 'body.offset'],
  ])('refuses %s with a 400 naming the field', async (_name, fields, field) => {
    const response = await search().post({ query: 'planning', top_k: 9, ...fields }, '198.51.100.21');
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error).toBe('invalid_request');
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
  });

  it('declares the category and the offset in the API description', async () => {
    const docs = (await target.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = docs.paths['/api/papers/semantic'].post.requestBody.content['application/json'].schema;
    expect(body.properties.category).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    expect(body.properties.offset).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
    expect(body.required).not.toContain('category');
  });
});

/** Every paper as near to every question as can be: vectors offer them all, in no useful order. */
const sameEverywhere: TextEmbedder = {
  modelId: 'same-everywhere',
  embed: async (texts) => texts.map(() => Float32Array.from([1, 0, 0, 0])),
  close: async () => {},
};

describe.each([
  { title: 'SQLite with sqlite-vec', kind: testDatabaseKinds[0] },
  { title: 'PostgreSQL with pgvector (PGlite)', kind: pgvectorKind() },
])('search within a category with vectors on $title', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');
  const target = useTestApp(kind, () => ({}), { textEmbedder: sameEverywhere, searchSimilarityFloor: -1 });

  beforeAll(async () => {
    await addCorpus(target);
    await embedAll(target);
  }, 60_000);

  it('adds only the category’s papers after full text', async () => {
    // No paper has these words: the answer is the vectors' alone.
    const everywhere = await searchOf(target).ids({ query: 'zyxwv qwerty', top_k: 9 });
    expect(everywhere).toHaveLength(9);
    const inRobotics = await searchOf(target).ids({ query: 'zyxwv qwerty', top_k: 9, category: 'Robotics' });
    expect([...inRobotics].sort()).toEqual(ROBOTICS);
  });
});
