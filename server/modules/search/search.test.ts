import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../common/errors.js';
import { healthSchema } from '../../../common/health.js';
import { type PaperMatches, paperMatchesSchema } from '../../../common/search.js';
import { RELATED_PAPERS_LIMIT } from '../../../common/search-rules.js';
import { makeSummary } from '../../../common/testing/summary.js';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import { createUseLiteEmbedder } from '../../providers/embeddings/use-lite.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { type TestApp, useTestApp } from '../../test/app.js';
import { type TestDatabaseKind, testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { addPapers } from '../../test/papers.js';
import { pgvectorKind } from '../../test/pglite.js';
import { seedPapers } from '../ingest/seed.js';
import { createPapersRepo } from '../papers/repo.js';
import { embedAll, rememberingEmbedder } from './testing.js';

/** The first 30 demo papers: real arXiv papers of late 2023, with extractive summaries. */
const CORPUS_SIZE = 30;
const COLLIE = '2312.00407'; // CoLLiE: Collaborative Training of Large Language Models in an Efficient Way
const SMOLA = '2312.00968'; // Omni-SMoLA: … Soft Mixture of Low-rank Experts
const SAXE = '2312.00935'; // Understanding Unimodal Bias in Multimodal Deep Linear Networks (Andrew Saxe)
const VIP_LLAVA = '2312.00784'; // ViP-LLaVA: Making Large Multimodal Models Understand Arbitrary Visual Prompts
const LLM_TAKE = '2312.00909'; // LLM-TAKE: Theme Aware Keyword Extraction Using Large Language Models
const STILL_IMAGES = '2312.00362'; // Dancing with Still Images: Video Distillation via Static-Dynamic Disentanglement

const encoder = rememberingEmbedder(createUseLiteEmbedder());
afterAll(() => encoder.close());

const idsOf = (matches: PaperMatches) => matches.papers.map((paper) => paper.arxivId);

function searchClient(target: TestApp) {
  return {
    post: (payload: unknown, remoteAddress = '198.51.100.1') =>
      target.app.inject({ method: 'POST', url: '/api/papers/semantic', payload: payload as object, remoteAddress }),
    async ids(query: string, topK = 9, remoteAddress?: string): Promise<string[]> {
      const response = await this.post({ query, top_k: topK }, remoteAddress);
      expect(response.statusCode).toBe(200);
      return idsOf(paperMatchesSchema.parse(response.json()));
    },
    related: (arxivId: string) => target.app.inject({ method: 'GET', url: `/api/papers/${arxivId}/related` }),
    async health() {
      return healthSchema.parse((await target.app.inject({ method: 'GET', url: '/api/health' })).json());
    },
  };
}

/** What every database answers alike, with vectors or without. */
function behavesOnAnyDatabase(target: TestApp, client: () => ReturnType<typeof searchClient>) {
  it('finds a paper by a name that only it contains, and by an author', async () => {
    expect((await client().ids('CoLLiE'))[0]).toBe(COLLIE);
    expect((await client().ids('SMoLA'))[0]).toBe(SMOLA);
    expect((await client().ids('Andrew Saxe'))[0]).toBe(SAXE);
  });

  it('finds the terms and methods of a model-written summary, and follows an edit of it', async () => {
    const now = new Date().toISOString();
    const summary = (generatedBy: 'llm' | 'extractive', term: string, method: string) =>
      JSON.stringify(
        makeSummary({
          generatedBy,
          Paper_one_line: 'A paper with a model-written summary.',
          terms: [{ name: term, explanation: 'A made-up term only this summary names.' }],
          TrainingMethod: method,
        }),
      );
    await createPapersRepo(target.handle).insertMany(
      [['2401.00010', 'llm'] as const, ['2401.00011', 'extractive'] as const].map(([arxivId, generatedBy]) => ({
        paper: {
          arxiv_id: arxivId,
          version: 1,
          title: `Paper ${arxivId}`,
          abstract: 'We study things.',
          abstract_translation: null,
          pdf_url: `https://arxiv.org/pdf/${arxivId}v1`,
          submitted_date: '2024-01-05',
          authors: '["A. Author"]',
          primary_category: 'cs.AI',
          comment: null,
          synthetic: 0,
          created_at: now,
          updated_at: now,
        },
        summary: {
          data: summary(generatedBy, `Zorblax${generatedBy}`, `Quokkafold ${generatedBy} distillation`),
          generated_by: generatedBy,
          model: generatedBy === 'llm' ? 'a-model' : null,
        },
        categories: [],
      })),
    );
    const textOnly = async (query: string) =>
      (await target.services.search.search(query, 3, 'text')).map((paper) => paper.arxivId);
    expect(await textOnly('Zorblaxllm')).toEqual(['2401.00010']);
    expect(await textOnly('Quokkafold')).toEqual(['2401.00010']);
    // An extractive summary's terms are the abstract's own words: only its one-line summary is indexed.
    expect(await textOnly('Zorblaxextractive')).toEqual([]);

    const admin = await signedInAs(target, 'admin', `search-admin-${target.handle.dialect}@example.org`);
    const edit = await requestAs(target.app, admin, 'PUT', '/api/papers/2401.00010', {
      version: 1,
      title: 'Paper 2401.00010',
      pdfUrl: 'https://arxiv.org/pdf/2401.00010v1',
      abstract: 'We study things.',
      summary: JSON.parse(summary('llm', 'Wumpusnet', 'Null')),
    });
    expect(edit.statusCode).toBe(200);
    expect(await textOnly('Wumpusnet')).toEqual(['2401.00010']);
    expect(await textOnly('Zorblaxllm')).toEqual([]);
    expect(await textOnly('Quokkafold')).toEqual([]);
  });

  it('answers an arXiv id or link with that paper first', async () => {
    for (const query of [
      COLLIE,
      `${COLLIE}v2`,
      `https://arxiv.org/abs/${COLLIE}`,
      `http://arxiv.org/pdf/${COLLIE}v1.pdf`,
    ]) {
      const ids = await client().ids(query, 5);
      expect(ids[0]).toBe(COLLIE);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
    }
  });

  it('answers the related papers: at most 6, itself excluded; 404 for an unknown paper, 400 for a malformed id', async () => {
    const response = await client().related(COLLIE);
    expect(response.statusCode).toBe(200);
    const ids = idsOf(paperMatchesSchema.parse(response.json()));
    expect(ids).toHaveLength(6);
    expect(ids).not.toContain(COLLIE);
    expect(new Set(ids).size).toBe(6);
    const unknown = await client().related('2401.99999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorAnswer('not_found', 'Paper not found'));
    expect((await client().related('not-an-id')).statusCode).toBe(400);
  });

  it.each([
    ['a blank query', { query: '', top_k: 9 }, 'body.query'],
    ['a query of spaces', { query: '   \n\t ', top_k: 9 }, 'body.query'],
    ['a query over 2,000 characters', { query: 'x'.repeat(2_001), top_k: 9 }, 'body.query'],
    ['top_k 0', { query: 'agents', top_k: 0 }, 'body.top_k'],
    ['top_k 51', { query: 'agents', top_k: 51 }, 'body.top_k'],
    ['top_k as text', { query: 'agents', top_k: '9' }, 'body.top_k'],
    ['a fractional top_k', { query: 'agents', top_k: 1.5 }, 'body.top_k'],
    ['a query that is not text', { query: 42, top_k: 9 }, 'body.query'],
  ])('refuses %s with a 400 naming the field', async (_name, payload, field) => {
    const response = await client().post(payload, '198.51.100.2');
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body.error).toBe('invalid_request');
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
  });

  it('refuses a body that is not JSON with a 4xx in the error shape', async () => {
    for (const [type, payload] of [
      ['application/json', '{"query": '],
      ['text/plain', 'agents'],
    ]) {
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/papers/semantic',
        headers: { 'content-type': type as string },
        payload,
        remoteAddress: '198.51.100.3',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
    }
  });

  it.each(
    [
      '"',
      '*',
      'NEAR(',
      'AND OR',
      '-',
      ':',
      'title: "unclosed',
      'x OR y NOT z',
      '(((',
      "o'reilly & <-> !",
      'نموذج لغوي كبير',
      '\u0000 control',
      'x'.repeat(2_000),
    ].map((query) => [
      query.length > 40 ? `${query.slice(0, 8)}… (${query.length} characters)` : JSON.stringify(query),
      query,
    ]),
  )('answers %s without failing', async (_label, query) => {
    const response = await client().post({ query, top_k: 5 }, '198.51.100.4');
    expect(response.statusCode).toBe(200);
    expect(paperMatchesSchema.parse(response.json()).papers.length).toBeLessThanOrEqual(5);
  });

  it('allows 120 searches a minute from one client, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 120; i++) await client().ids('agents', 9, '192.0.2.77');
    const refused = await client().post({ query: 'agents', top_k: 9 }, '192.0.2.77');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    // Another client is not held back.
    expect(await client().ids('agents', 9, '192.0.2.78')).not.toHaveLength(0);
  });
}

const withVectors = [
  { title: 'SQLite with sqlite-vec', kind: testDatabaseKinds[0], vectorIndex: 'sqlite-vec' },
  { title: 'PostgreSQL with pgvector (PGlite)', kind: pgvectorKind(), vectorIndex: 'pgvector' },
] as const;

describe.each(withVectors)('search on $title', ({ kind, vectorIndex }) => {
  if (!kind) throw new Error('no SQLite test database');
  // Every neighbour counts here: on 30 papers, how the rankings combine is what is tested.
  const target = useTestApp(kind, () => ({}), { textEmbedder: encoder, searchSimilarityFloor: -1 });
  const client = () => searchClient(target);

  let relatedBeforeVectors: string[] = [];

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
    relatedBeforeVectors = idsOf(paperMatchesSchema.parse((await client().related(VIP_LLAVA)).json()));
    await embedAll(target);
  }, 180_000);

  it('answers related papers before any paper has a vector, and the same once they all have one', async () => {
    expect(relatedBeforeVectors).toHaveLength(RELATED_PAPERS_LIMIT);
    expect(relatedBeforeVectors).not.toContain(VIP_LLAVA);
    // At the default vector weight, 0, neighbours by vector only follow full text's papers, and
    // full text always has six papers sharing some of the paper's words.
    expect(idsOf(paperMatchesSchema.parse((await client().related(VIP_LLAVA)).json()))).toEqual(relatedBeforeVectors);
  });

  it('reports its vector index and the embedding progress in /api/health', async () => {
    expect((await client().health()).search).toEqual({
      vectorIndex,
      reason: null,
      model: encoder.modelId,
      embedded: { done: CORPUS_SIZE, total: CORPUS_SIZE, secondsLeft: 0 },
    });
  });

  it('ranks a paper first for its idea in other words, none of its title words used', async () => {
    expect((await client().ids('arrows and boxes drawn on a photo tell an assistant where to look'))[0]).toBe(
      VIP_LLAVA,
    );
    expect((await client().ids('which words sum up the subject of a document, found by a chatbot'))[0]).toBe(LLM_TAKE);
  });

  it('keeps full text’s order and adds after it, nearest first, the papers only vectors find', async () => {
    const query = 'making a short clip from one picture';
    const ranking = async (mode: 'text' | 'vector' | 'hybrid') =>
      (await target.services.search.search(query, 50, mode)).map((paper) => paper.arxivId);
    const [text, vector, hybrid] = [await ranking('text'), await ranking('vector'), await ranking('hybrid')];
    expect(vector[0]).toBe(STILL_IMAGES);
    expect(text).not.toContain(STILL_IMAGES);
    expect(hybrid.slice(0, text.length)).toEqual(text);
    expect(hybrid.slice(text.length)).toEqual(vector.filter((arxivId) => !text.includes(arxivId)));
  });

  behavesOnAnyDatabase(target, client);

  it('ranks by full text alone while fewer than 90% of the papers have a vector, as right after an import', async () => {
    const query = 'making a short clip from one picture';
    const ranking = async (mode: 'text' | 'hybrid') =>
      (await target.services.search.search(query, 20, mode)).map((paper) => paper.arxivId);
    expect(await ranking('hybrid')).not.toEqual(await ranking('text'));

    await addPapers(
      target.handle,
      Array.from({ length: 40 }, (_, i) => `2402.${String(i + 1).padStart(5, '0')}`),
    );
    // Written as an import in another process would: this one learns of it as it would of theirs.
    await target.services.contentVersion.changed();
    expect(await ranking('hybrid')).toEqual(await ranking('text'));
    expect((await target.services.search.search(query, 1, 'vector'))[0]?.arxivId).toBe(STILL_IMAGES);
  });
});

describe.each(withVectors)('search on $title at the site’s similarity floor', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');
  const target = useTestApp(kind, () => ({}), { textEmbedder: encoder });

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
    await embedAll(target);
  }, 180_000);

  it('answers no papers to nonsense that no paper’s words match, and papers to words that do', async () => {
    for (const nonsense of ['zzqxjvbnk', 'qwertyuiop asdfgh']) {
      const response = await searchClient(target).post({ query: nonsense, top_k: 9 });
      expect(response.statusCode, nonsense).toBe(200);
      expect(paperMatchesSchema.parse(response.json()).papers, nonsense).toEqual([]);
    }
    expect((await searchClient(target).ids('CoLLiE'))[0]).toBe(COLLIE);
  });
});

describe.each(withVectors)('search on $title when the query cannot be embedded', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');
  const lines: string[] = [];
  let calls = 0;
  // Papers were embedded before the endpoint went down; the questions' lane fails.
  const failing: TextEmbedder = {
    modelId: encoder.modelId,
    embed: async (texts, signal, lane) => {
      if (lane !== 'query') return encoder.embed(texts, signal, lane);
      calls += 1;
      throw new Error('the embeddings endpoint is down');
    },
    close: async () => {},
  };
  const target = useTestApp(kind, () => ({ LOG_LEVEL: 'warn' }), {
    textEmbedder: failing,
    logDestination: { write: (line: string) => lines.push(line) },
  });

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
    await embedAll(target);
  }, 180_000);

  it('answers from full text alone, says so in the log, and keeps no such answer', async () => {
    for (let i = 0; i < 2; i++) expect((await searchClient(target).ids('CoLLiE'))[0]).toBe(COLLIE);
    expect(calls).toBe(2);
    const said = lines.filter((line) => line.includes('answering from full text alone'));
    expect(said).toHaveLength(2);
    expect(said[0]).toContain('the embeddings endpoint is down');
  });
});

describe.each(withVectors)(
  'search on $title with a model whose vectors are not a whole number of bytes long',
  ({ kind }) => {
    if (!kind) throw new Error('no SQLite test database');
    // Three numbers a text, as some endpoints answer when asked for few dimensions.
    const threeNumbers: TextEmbedder = {
      modelId: 'three-numbers',
      embed: async (texts) => texts.map((text) => Float32Array.from([text.length, text.charCodeAt(0), 10])),
      close: async () => {},
    };
    const target = useTestApp(kind, () => ({}), { textEmbedder: threeNumbers });

    beforeAll(async () => {
      await seedPapers(target.handle, CORPUS_SIZE);
      await embedAll(target);
    }, 60_000);

    it('embeds every paper and answers searches and related papers from its vectors', async () => {
      expect((await searchClient(target).health()).search.embedded).toEqual({
        done: CORPUS_SIZE,
        total: CORPUS_SIZE,
        secondsLeft: 0,
      });
      expect((await searchClient(target).ids('CoLLiE'))[0]).toBe(COLLIE);
      expect(await target.services.search.search('collaborative training', 9, 'vector')).toHaveLength(9);
      const related = await searchClient(target).related(COLLIE);
      expect(related.statusCode).toBe(200);
      expect(idsOf(paperMatchesSchema.parse(related.json()))).toHaveLength(RELATED_PAPERS_LIMIT);
    });
  },
);

const postgresKind = testDatabaseKinds.find((candidate) => candidate.name === 'postgres');

describe.skipIf(!postgresKind)('search on PostgreSQL without pgvector', () => {
  // vitest collects a skipped block too; without TEST_DATABASE_URL its hooks and tests never run.
  const kind = postgresKind as TestDatabaseKind;
  const lines: string[] = [];
  const target = useTestApp(kind, () => ({ LOG_LEVEL: 'warn' }), {
    textEmbedder: encoder,
    logDestination: { write: (line: string) => lines.push(line) },
  });
  const client = () => searchClient(target);

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
  }, 60_000);

  it('serves, says why in one log line and in /api/health, and embeds nothing', async () => {
    const embedder = target.services.createPaperEmbedder({ pollMs: 20 });
    embedder.start();
    const health = await client().health();
    await embedder.stop();
    expect(health.search).toEqual({
      vectorIndex: 'none',
      reason: 'the PostgreSQL server does not have pgvector installed',
      model: encoder.modelId,
      embedded: { done: 0, total: CORPUS_SIZE, secondsLeft: null },
    });
    const said = lines.filter((line) => line.includes('No vector search'));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0] as string).msg).toBe(
      'No vector search: the PostgreSQL server does not have pgvector installed. Search runs on full text alone.',
    );
  });

  it('finds a paper in other words that share words with its abstract, on full text alone', async () => {
    expect((await client().ids('which words sum up the subject of a document, found by a chatbot'))[0]).toBe(LLM_TAKE);
  });

  behavesOnAnyDatabase(target, client);
});
