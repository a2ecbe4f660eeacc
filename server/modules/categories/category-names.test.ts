import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaperDetail, paperDetailSchema } from '../../../common/papers.js';
import { makeSummary } from '../../../common/testing/summary.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { arxivPaper } from '../../test/fake-arxiv-client.js';
import { FAKE_SUMMARY } from '../../test/fake-llm.js';
import { addPaper } from '../../test/papers.js';
import { useSummarizingApp } from '../../test/summarizing-app.js';
import { createIngestRepo } from '../ingest/repo.js';
import { createImportService } from '../ingest/service.js';
import { createDeletedPapersRepo } from '../papers/admin-deleted-repo.js';
import { createPapersRepo } from '../papers/repo.js';
import { createQueueRepo } from '../queue/repo.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Names no category may have: each breaks the rule in its own way. */
const BAD_NAMES = [
  ['the separator between packed names', 'Agents\u001fTools'],
  ['the separator before an Arabic name', 'Agents\u001eTools'],
  ['a NUL', 'Agents\u0000'],
  ['a tab inside', 'Agents\tTools'],
  ['DEL', 'Agents\u007f'],
  ['a C1 control character', 'Agents\u0085Tools'],
  ['101 characters', 'x'.repeat(101)],
  ['only spaces', '   '],
] as const;

const categoryNamesOf = (paper: PaperDetail) => paper.categories.map((category) => category.name);

describe.each(testDatabaseKinds)('category names an admin writes, on $name', (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  const as = (method: Method, url: string, payload?: object) => requestAs(target.app, admin, method, url, payload);
  /** Everything a category write could change. */
  const state = async () => ({
    categories: (await as('GET', '/api/categories/names')).json(),
    paper: (await as('GET', '/api/papers/2401.00001/categories')).json(),
  });

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-02' });
  });

  it.each(BAD_NAMES)('refuses a name with %s on every route that makes one, changing nothing', async (_case, name) => {
    const before = await state();
    for (const [method, url, payload] of [
      ['POST', '/api/categories', { name }],
      ['POST', '/api/papers/2401.00001/categories', { categories: ['Mathematics', name] }],
      ['PUT', '/api/categories/Mathematics', { nameAr: name }],
    ] as const) {
      const response = await as(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toMatchObject({ error: 'invalid_request' });
    }
    expect(await state()).toEqual(before);
  });

  it('says that control characters are not allowed', async () => {
    const response = await as('POST', '/api/categories', { name: 'Agents\u001fTools' });
    expect(response.json().message).toBe('Invalid request: body.name: must not contain control characters');
  });

  it('takes a name of 100 characters, which can be deleted again', async () => {
    const name = `Long ${'n'.repeat(95)}`;
    expect((await as('POST', '/api/categories', { name })).statusCode).toBe(201);
    expect((await as('DELETE', `/api/categories/${encodeURIComponent(name)}`)).statusCode).toBe(200);
  });
});

describe.each(testDatabaseKinds)('categories a model names, on $name', (kind) => {
  const summarizing = useSummarizingApp(kind);
  const { target } = summarizing;
  // Signed in when first needed: the app starts in a hook of its own.
  let admin: Promise<string> | undefined;
  beforeEach(() => {
    summarizing.llm.summary = FAKE_SUMMARY;
  });

  const processWith = async (arxivId: string, categories: [string, string]) => {
    summarizing.llm.summary = { ...FAKE_SUMMARY, paper_category1: categories[0], paper_category2: categories[1] };
    await target.services.queueRepo.enqueue([arxivPaper(arxivId)], 'back', new Date().toISOString());
    expect(await target.services.createWorker().runOnce()).toBe('completed');
    return paperDetailSchema.parse((await requestAs(target.app, null, 'GET', `/api/papers/${arxivId}`)).json());
  };
  const allNames = async () => (await requestAs(target.app, null, 'GET', '/api/categories')).json() as string[];

  it('leaves out a 300-character category, keeping the paper, its summary and its other category', async () => {
    const paper = await processWith('2402.00001', ['Planning '.repeat(34).slice(0, 300), 'Reasoning']);
    expect(categoryNamesOf(paper)).toEqual(['Reasoning']);
    expect(paper.summary).toMatchObject({ paper_category1: 'Null', Problem: FAKE_SUMMARY.Problem });
    expect((await allNames()).every((name) => name.length <= 100)).toBe(true);
  });

  it('makes one category of a name holding the separators, and an admin can delete it', async () => {
    const paper = await processWith('2402.00002', ['Robot\u001fLearning\u001eتعلّم', '  Tool\u0000 Use\n']);
    expect(paper.categories).toEqual([
      { name: 'Robot Learning تعلّم', nameAr: null },
      { name: 'Tool Use', nameAr: null },
    ]);
    expect(paper.summary).toMatchObject({ paper_category1: 'Robot Learning تعلّم', paper_category2: 'Tool Use' });
    admin ??= signedInAs(target, 'admin', 'admin@example.org');
    for (const name of categoryNamesOf(paper)) {
      const url = `/api/categories/${encodeURIComponent(name)}`;
      const deleted = await requestAs(target.app, await admin, 'DELETE', url);
      expect(deleted.statusCode, name).toBe(200);
    }
    expect(await allNames()).not.toContain('Tool Use');
  });
});

describe.each(testDatabaseKinds)('categories an import names, on $name', (kind) => {
  const target = useTestApp(kind);

  it('stores the names a summariser gives made fit, and leaves out the ones that cannot be', async () => {
    const { handle } = target;
    const importer = createImportService({
      ingestRepo: createIngestRepo(handle.db),
      deletedPapers: createDeletedPapersRepo(handle.db),
      queueRepo: createQueueRepo(handle),
      papersRepo: createPapersRepo(handle),
      summarise: () =>
        makeSummary({
          paper_category1: 'Graph\u001fLearning',
          paper_category2: 'g'.repeat(300),
          generatedBy: 'extractive',
        }),
    });
    const counts = await importer.importPapers([{ paper: arxivPaper('2403.00001') }], { mode: 'processed' });
    expect(counts).toMatchObject({ added: 1 });
    const paper = paperDetailSchema.parse((await target.app.inject('/api/papers/2403.00001')).json());
    expect(categoryNamesOf(paper)).toEqual(['Graph Learning']);
  });
});
