import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PaperDetail, paperDetailSchema, paperListSchema } from '../../common/papers.js';
import { type QueueItem, queueListSchema } from '../../common/queue.js';
import type { ArxivPaper } from '../providers/arxiv/types.js';
import { requestAs, signedInAs } from '../test/accounts.js';
import { type TestApp, useTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { eventually } from '../test/eventually.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { FAKE_TRANSLATION, type FakeLlm, startFakeLlm } from '../test/fake-llm.js';
import { FIXTURE_PARSE_SECONDS, FIXTURE_PDF, startPdfHost } from '../test/pdf-host.js';
import type { QueueWorker } from './worker.js';

/** Short waits, so failed items are retried and parked within a test. */
const workerOptions = { retryDelayMs: 1, maxAttempts: 2, pollMs: 10 };

function useQueue(target: TestApp) {
  let admin = '';
  let worker: QueueWorker;
  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    worker = target.services.createWorker();
  });
  beforeEach(async () => {
    await target.handle.db.deleteFrom('queue_items').execute();
  });
  return {
    enqueue: (...papers: ArxivPaper[]) => target.services.queueRepo.enqueue(papers, 'back', new Date().toISOString()),
    runOnce: () => worker.runOnce(),
    async queue(): Promise<QueueItem[]> {
      return queueListSchema.parse((await requestAs(target.app, admin, 'GET', '/api/queue')).json()).items;
    },
    processNow: (arxivId: string) => requestAs(target.app, admin, 'POST', `/api/queue/${arxivId}/process-now`),
    /** The paper as the digest answers it, once the digest has learnt of it (PostgreSQL announces changes). */
    async paper(arxivId: string): Promise<PaperDetail> {
      const response = await eventually(
        () => requestAs(target.app, null, 'GET', `/api/papers/${arxivId}`),
        (answer) => answer.statusCode === 200,
      );
      return paperDetailSchema.parse(response.json());
    },
    async summaryModel(arxivId: string) {
      return target.handle.db
        .selectFrom('summaries')
        .innerJoin('papers', 'papers.id', 'summaries.paper_id')
        .select(['summaries.model', 'summaries.generated_by'])
        .where('papers.arxiv_id', '=', arxivId)
        .executeTakeFirstOrThrow();
    },
  };
}

describe.each(testDatabaseKinds)('queue worker on $name', (kind) => {
  describe('without a model', () => {
    const target = useTestApp(kind, () => ({}), { workerOptions });
    const queue = useQueue(target);

    it('stores an extractive summary, untranslated, with its categories, and removes the item', async () => {
      await queue.enqueue(arxivPaper('2401.00001'));
      expect(await queue.runOnce()).toBe('completed');
      const paper = await queue.paper('2401.00001');
      expect(paper).toMatchObject({
        arxivId: '2401.00001',
        version: 1,
        translated: false,
        abstractTranslation: null,
        summaryAr: null,
      });
      expect(paper.summary?.generatedBy).toBe('extractive');
      expect(paper.categories.map((category) => category.name)).toEqual(
        [paper.summary?.paper_category1, paper.summary?.paper_category2]
          .filter((name) => name && name !== 'Null')
          .sort(),
      );
      expect(await queue.summaryModel('2401.00001')).toEqual({ model: null, generated_by: 'extractive' });
      expect(await queue.queue()).toEqual([]);
      const digest = paperListSchema.parse((await requestAs(target.app, null, 'GET', '/api/papers')).json());
      expect(digest.papers.map((listed) => listed.arxivId)).toContain('2401.00001');
      expect(await queue.runOnce()).toBe('idle');
    });
  });

  describe('with a model', () => {
    let llm: FakeLlm;
    let pdfHost: Awaited<ReturnType<typeof startPdfHost>>;
    beforeAll(async () => {
      [llm, pdfHost] = await Promise.all([startFakeLlm(), startPdfHost()]);
    });
    afterAll(async () => {
      await Promise.all([llm.close(), pdfHost.close()]);
    });
    const target = useTestApp(
      kind,
      () => ({
        LLM_BASE_URL: llm.url,
        LLM_MODEL: 'fake-model',
        LLM_TIMEOUT_SECONDS: '1',
        ARXIV_PDF_URL: pdfHost.url,
        PDF_TIMEOUT_SECONDS: String(FIXTURE_PARSE_SECONDS),
      }),
      { workerOptions },
    );
    const queue = useQueue(target);
    beforeEach(() => {
      llm.mode = 'valid';
      llm.requests.length = 0;
    });

    it('summarises from the title, abstract and PDF text, translates the abstract, and names the model', {
      timeout: (FIXTURE_PARSE_SECONDS + 30) * 1000,
    }, async () => {
      const fixture = arxivPaper(FIXTURE_PDF.arxivId, { version: FIXTURE_PDF.version });
      await queue.enqueue(fixture);
      expect(await queue.runOnce()).toBe('completed');
      const [summaryRequest, ...translationRequests] = llm.requests;
      expect(summaryRequest).toMatchObject({ kind: 'summary', model: 'fake-model' });
      expect(summaryRequest?.text).toContain(fixture.title);
      expect(summaryRequest?.text).toContain(FIXTURE_PDF.firstLine);
      const translationRequest = translationRequests.find((request) => request.kind === 'translation');
      expect(translationRequest?.text).toContain(fixture.abstract);

      const paper = await queue.paper(FIXTURE_PDF.arxivId);
      expect(paper).toMatchObject({ translated: true, abstractTranslation: FAKE_TRANSLATION });
      expect(paper.summary).toMatchObject({
        generatedBy: 'llm',
        Paper_one_line: 'A fake model summarises the paper in one line.',
        ExplainAI: 'Null',
        InferenceMethod: 'Null',
        paper_category2: 'Summarisation Studies',
      });
      expect(paper.categories).toEqual([
        { name: 'AI Agents', nameAr: 'وكلاء الذكاء الاصطناعي' },
        { name: 'Summarisation Studies', nameAr: null },
      ]);
      expect(await queue.summaryModel(FIXTURE_PDF.arxivId)).toEqual({ model: 'fake-model', generated_by: 'llm' });
      expect(await queue.queue()).toEqual([]);
    });

    it('summarises from the abstract when the PDF cannot be had', async () => {
      await queue.enqueue(arxivPaper('2401.00002'));
      expect(await queue.runOnce()).toBe('completed');
      expect(llm.requests[0]?.text).not.toContain('First pages of the paper');
      expect((await queue.paper('2401.00002')).summary?.generatedBy).toBe('llm');
    });

    it('retries a summary that breaks the schema, then fails the item with the reason, parks it, and retries it on request', async () => {
      llm.mode = 'invalid';
      await queue.enqueue(arxivPaper('2401.00003'));
      expect(await queue.runOnce()).toBe('failed');
      expect(llm.requests.filter((request) => request.structured)).toHaveLength(3);
      const [failed] = await queue.queue();
      expect(failed).toMatchObject({ arxivId: '2401.00003', attempts: 1 });
      expect(failed?.lastError).toBe(
        "The model's summary does not match the schema: Problem: Invalid input: expected string, received undefined; " +
          'Takeaway: Invalid input: expected string, received undefined; Results: Invalid input: expected array, received undefined; ' +
          'paper_category1: Invalid input: expected string, received undefined; paper_category2: Invalid input: expected string, received undefined; ' +
          'and 15 more (after 3 tries)',
      );

      // Its backoff (a millisecond here) over, it is taken again.
      await eventually(queue.queue, (items) => items[0]?.state === 'waiting');
      expect(await queue.runOnce()).toBe('parked');
      expect(await queue.queue()).toMatchObject([{ arxivId: '2401.00003', attempts: 2, state: 'parked' }]);
      expect(await queue.runOnce()).toBe('idle');

      llm.mode = 'valid';
      expect((await queue.processNow('2401.00003')).statusCode).toBe(200);
      expect(await queue.runOnce()).toBe('completed');
      expect((await queue.paper('2401.00003')).summary?.generatedBy).toBe('llm');
    });

    it('gives the item in hand back at once, uncounted, when stopped', async () => {
      llm.mode = 'hang';
      await queue.enqueue(arxivPaper('2401.00007'));
      const worker = target.services.createWorker();
      worker.start();
      await llm.nextRequest();
      expect((await queue.queue())[0]?.state).toBe('processing');
      await worker.stop();
      expect(await queue.queue()).toMatchObject([
        { arxivId: '2401.00007', state: 'waiting', attempts: 0, lastError: null },
      ]);
    });
  });
});
