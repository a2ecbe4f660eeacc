import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperMatchesSchema } from '../../../common/search.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { type TestApp, useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { type FakeLlm, startFakeLlm } from '../../test/fake-llm.js';
import { addPaper } from '../../test/papers.js';
import { seedPapers } from '../ingest/seed.js';

/** The first 30 demo papers: real arXiv papers of late 2023, with extractive summaries. */
const CORPUS_SIZE = 30;
const COLLIE = '2312.00407'; // CoLLiE: Collaborative Training of Large Language Models in an Efficient Way

/** English questions and their Arabic twins, as a reader of each language would ask. */
const TWINS = [
  ['ontology matching with LLM agents', 'مطابقة الأنطولوجيا باستخدام وكلاء النماذج اللغوية الكبيرة'],
  [
    'reasoning of large language models over knowledge graphs',
    'استدلال النماذج اللغوية الكبيرة على الرسوم البيانية المعرفية',
  ],
  ['video generation with diffusion models', 'توليد الفيديو بنماذج الانتشار'],
  ['zero-shot text classification', 'تصنيف النصوص دون أمثلة'],
] as const;

function searchOf(target: TestApp) {
  return async (query: string, topK = 9): Promise<string[]> => {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/papers/semantic',
      payload: { query, top_k: topK },
      remoteAddress: '198.51.100.30',
    });
    expect(response.statusCode).toBe(200);
    return paperMatchesSchema.parse(response.json()).papers.map((paper) => paper.arxivId);
  };
}

describe.each(testDatabaseKinds)('Arabic questions on $name', (kind) => {
  const target = useTestApp(kind);
  const search = () => searchOf(target);

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
  }, 60_000);

  it.each(TWINS)('finds first what its English twin finds first: %s', async (english, arabic) => {
    const [first] = await search()(english);
    expect(first).toBeDefined();
    expect((await search()(arabic))[0]).toBe(first);
  });

  it('finds a paper by the words of its Arabic abstract, and follows a new translation', async () => {
    await addPaper(target.handle, {
      arxiv_id: '2401.00020',
      submitted_date: '2024-01-20',
      abstract_translation: 'نقترح مصنف زوربلاكس للصور.',
    });
    // "مصنفات" is also read as "classifiers", which other papers hold: the paper with both words leads.
    expect((await search()('مصنفات زوربلاكس'))[0]).toBe('2401.00020');
    // Written as the worker in another process would: the database logs it.
    await target.handle.db
      .updateTable('papers')
      .set({ abstract_translation: 'نقترح مصنف قوقعفولد للصور.' })
      .where('arxiv_id', '=', '2401.00020')
      .execute();
    expect(await search()('قوقعفولد')).toEqual(['2401.00020']);
    expect(await search()('زوربلاكس')).toEqual([]);
  });

  it('finds the papers of a category by its Arabic name, as an admin renames it', async () => {
    await addPaper(target.handle, { arxiv_id: '2401.00021', submitted_date: '2024-01-21' }, ['Knot Theory']);
    const admin = await signedInAs(target, 'admin', `arabic-search-${target.handle.dialect}@example.org`);
    const named = async (nameAr: string) =>
      expect(
        (await requestAs(target.app, admin, 'PUT', `/api/categories/${encodeURIComponent('Knot Theory')}`, { nameAr }))
          .statusCode,
      ).toBe(200);
    await named('نظرية العقد');
    expect(await search()('العقد')).toEqual(['2401.00021']);
    await named('نظرية الضفائر');
    expect(await search()('الضفائر')).toEqual(['2401.00021']);
    expect(await search()('العقد')).toEqual([]);
  });
});

/** One local model for the file: each database's app asks it. */
const llm: FakeLlm = await startFakeLlm();
llm.question = 'collaborative training of large language models';
afterAll(() => llm.close());

describe.each(testDatabaseKinds)('Arabic questions on $name with a model', (kind) => {
  const target = useTestApp(kind, () => ({ LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model' }), {
    searchModelDeadlineMs: 10_000,
  });

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
  }, 60_000);

  it('searches for the model’s translation, asking the model once for the same question', async () => {
    const question = 'كيف نتدرب معاً؟';
    const asked = () => llm.requests.filter((request) => request.kind === 'question').length;
    const before = asked();
    expect((await searchOf(target)(question, 5))[0]).toBe(COLLIE);
    expect((await searchOf(target)(question, 9))[0]).toBe(COLLIE);
    expect(asked() - before).toBe(1);
  });
});
