import { beforeEach, describe, expect, it } from 'vitest';
import { type PaperDetail, paperDetailSchema } from '../../common/papers.js';
import { queueListSchema } from '../../common/queue.js';
import { requestAs, signedInAs } from '../test/accounts.js';
import { testDatabaseKinds } from '../test/databases.js';
import { eventually } from '../test/eventually.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { FAKE_ARABIC_SUMMARY, FAKE_SUMMARY } from '../test/fake-llm.js';
import { useSummarizingApp } from '../test/summarizing-app.js';

describe.each(testDatabaseKinds)('the Arabic summary written by the worker on $name', (kind) => {
  const summarizing = useSummarizingApp(kind);
  const { target } = summarizing;
  // Signed in when first needed: the app starts in a hook of its own.
  let admin: Promise<string> | undefined;
  beforeEach(() => {
    summarizing.llm.mode = 'valid';
    summarizing.llm.requests.length = 0;
  });

  const processOne = async (arxivId: string) => {
    await target.services.queueRepo.enqueue([arxivPaper(arxivId)], 'back', new Date().toISOString());
    return target.services.createWorker().runOnce();
  };
  const paper = async (arxivId: string): Promise<PaperDetail> => {
    const answer = await eventually(
      () => requestAs(target.app, null, 'GET', `/api/papers/${arxivId}`),
      (response) => response.statusCode === 200,
    );
    return paperDetailSchema.parse(answer.json());
  };
  const queue = async () => {
    admin ??= signedInAs(target, 'admin', 'admin@example.org');
    return queueListSchema.parse((await requestAs(target.app, await admin, 'GET', '/api/queue')).json()).items;
  };

  it('asks for the reader fields of the English summary in Arabic, and answers them beside it', async () => {
    expect(await processOne('2402.00001')).toBe('completed');
    const asked = summarizing.llm.requests.find((request) => request.kind === 'arabicSummary');
    expect(asked?.text).toContain(FAKE_SUMMARY.Problem);
    expect(asked?.text).toContain(FAKE_SUMMARY.terms[0]?.explanation);
    expect(asked?.text).not.toContain(FAKE_SUMMARY.paper_category2);

    const stored = await paper('2402.00001');
    expect(stored.summary?.Problem).toBe(FAKE_SUMMARY.Problem);
    expect(stored.summaryAr).toEqual(FAKE_ARABIC_SUMMARY);
    expect(stored.summaryAr?.Critique).toBe('Null');
    expect(stored.summaryAr?.terms).toEqual([{ name: 'Digest', explanation: 'قائمة من الملخصات.' }]);
  });

  it('stores nothing of a paper whose Arabic summary is left in English: the item fails with the reason and is retried', async () => {
    summarizing.llm.mode = 'untranslated';
    expect(await processOne('2402.00002')).toBe('failed');
    expect(summarizing.llm.requests.filter((request) => request.kind === 'arabicSummary')).toHaveLength(3);
    expect((await requestAs(target.app, null, 'GET', '/api/papers/2402.00002')).statusCode).toBe(404);
    const [item] = await queue();
    expect(item).toMatchObject({ arxivId: '2402.00002', attempts: 1 });
    expect(item?.lastError).toBe(
      "The model's Arabic summary is not whole: Paper_one_line is not in Arabic; Problem is not in Arabic; " +
        'Takeaway is not in Arabic; Results is not in Arabic; the term Digest is not explained in Arabic (after 3 tries)',
    );

    summarizing.llm.mode = 'valid';
    await eventually(queue, (items) => items[0]?.state === 'waiting');
    expect(await target.services.createWorker().runOnce()).toBe('completed');
    expect((await paper('2402.00002')).summaryAr).toEqual(FAKE_ARABIC_SUMMARY);
  });
});
