import { beforeAll, describe, expect, it } from 'vitest';
import { type ArabicSummary, paperDetailSchema } from '../../../common/papers.js';
import { makeSummary } from '../../../common/testing/summary.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper, addSummary } from '../../test/papers.js';

const SUMMARY = makeSummary({
  Paper_one_line: 'Agents rewrite their tools.',
  Problem: 'Tools go stale.',
  Takeaway: 'Let agents fix tools.',
  Results: ['Success rises by 12%.'],
  MainLLM: 'GPT-4',
  terms: [{ name: 'LLM', explanation: 'A large language model.' }],
  generatedBy: 'llm',
});

const SUMMARY_AR: ArabicSummary = {
  Paper_one_line: 'وكلاء يعيدون كتابة أدواتهم.',
  Problem: 'تتقادم الأدوات.',
  Takeaway: 'دع الوكلاء يصلحون الأدوات.',
  Results: ['يرتفع النجاح بنسبة 12%.'],
  Critique: 'Null',
  terms: [{ name: 'LLM', explanation: 'نموذج لغوي كبير.' }],
};

const EDIT = { version: 2, title: 'Edited', pdfUrl: 'https://arxiv.org/pdf/2403.00001v2', abstract: 'Edited.' };

describe.each(testDatabaseKinds)('the Arabic summary of a paper on $name', (kind) => {
  const target = useTestApp(kind);
  let admin = '';
  const paper = async (arxivId: string) =>
    paperDetailSchema.parse((await requestAs(target.app, null, 'GET', `/api/papers/${arxivId}`)).json());
  const edit = (arxivId: string, summary: object | null) =>
    requestAs(target.app, admin, 'PUT', `/api/papers/${arxivId}`, { ...EDIT, summary });

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    for (const [index, arxivId] of ['2403.00001', '2403.00002', '2403.00003', '2403.00004'].entries()) {
      await addPaper(target.handle, { arxiv_id: arxivId, submitted_date: `2024-03-0${index + 1}` });
      await addSummary(target.handle, arxivId, SUMMARY, { model: 'gpt-test', summaryAr: SUMMARY_AR });
    }
    await addPaper(target.handle, { arxiv_id: '2403.00009', submitted_date: '2024-03-09' });
    await addSummary(target.handle, '2403.00009', makeSummary({ Paper_one_line: 'Picked from the abstract.' }));
  });

  it('answers the Arabic beside the English summary, and null for a summary without one', async () => {
    expect(await paper('2403.00001')).toMatchObject({ summary: SUMMARY, summaryAr: SUMMARY_AR });
    expect(await paper('2403.00009')).toMatchObject({ summary: { generatedBy: 'extractive' }, summaryAr: null });
  });

  it('keeps the Arabic through an edit that leaves the fields it translates as they were', async () => {
    const response = await edit('2403.00002', { ...SUMMARY, MainLLM: 'Llama 3', paper_category1: 'Agents' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Edited', summary: { MainLLM: 'Llama 3' }, summaryAr: SUMMARY_AR });
  });

  it('drops the Arabic when the admin changes what it translates, so Arabic readers get the new English', async () => {
    for (const [arxivId, change] of [
      ['2403.00003', { Problem: 'Tools break.' }],
      ['2403.00004', { terms: [{ name: 'LLM', explanation: 'A big model.' }] }],
    ] as const) {
      const response = await edit(arxivId, { ...SUMMARY, ...change });
      expect(response.json(), arxivId).toMatchObject({ summary: change, summaryAr: null });
      expect((await paper(arxivId)).summaryAr, arxivId).toBeNull();
    }
    // Putting the old English back does not bring back the Arabic that was dropped.
    await edit('2403.00003', SUMMARY);
    expect((await paper('2403.00003')).summaryAr).toBeNull();
  });

  it('drops the Arabic with the summary, and answers a stored Arabic summary that no longer fits as none', async () => {
    expect((await edit('2403.00002', null)).json()).toMatchObject({ summary: null, summaryAr: null });
    await target.handle.db.updateTable('summaries').set({ data_ar: '{"Problem": 1}' }).execute();
    expect(await paper('2403.00001')).toMatchObject({ summary: SUMMARY, summaryAr: null });
  });
});
