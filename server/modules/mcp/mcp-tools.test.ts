import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerFieldsOf } from '../../../common/papers.js';
import { makeSummary } from '../../../common/testing/summary.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { connectAgent, listenForMcp } from '../../test/mcp-client.js';
import { addPaper } from '../../test/papers.js';

const PUBLIC_URL = 'https://digest.example';
const ARABIC_ABSTRACT = 'نقترح وكيلاً يخطط قبل أن يتصرف.';
const SUMMARY = makeSummary({
  Paper_one_line: 'An agent that plans before it acts.',
  Problem: 'Agents act before they think.',
  Results: ['Solves 12% more tasks'],
  Takeaway: 'Plan first.',
  generatedBy: 'llm',
});

const SUMMARY_ARABIC = {
  ...readerFieldsOf(SUMMARY),
  Paper_one_line: 'وكيل يخطط قبل أن يتصرف.',
  Results: ['يحل مهامَّ أكثر بنسبة 12%'],
};

/** The readable summary: the first text block (a success's last block is its structured content as JSON). */
const textOf = (result: CallToolResult) => {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
};

describe.each(testDatabaseKinds)('MCP tools on $name', (kind) => {
  const target = useTestApp(kind, () => ({ PUBLIC_URL }));
  let agent: Client;
  const call = async (name: string, args?: Record<string, unknown>) =>
    (await agent.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    await addPaper(
      target.handle,
      {
        arxiv_id: '2401.00001',
        submitted_date: '2024-01-05',
        title: 'Planning agents',
        authors: JSON.stringify(['Ada Lovelace', 'Alan Turing']),
        abstract_translation: ARABIC_ABSTRACT,
      },
      ['Reasoning', 'AI Agents'],
      { data: JSON.stringify(SUMMARY), generated_by: 'llm', model: 'test-model' },
    );
    await target.handle.db
      .updateTable('summaries')
      .set({ data_ar: JSON.stringify(SUMMARY_ARABIC) })
      .execute();
    await addPaper(target.handle, { arxiv_id: '2402.00002', submitted_date: '2024-02-01' }, ['Computer Vision']);
    await addPaper(target.handle, { arxiv_id: 'hep-th/9901001', submitted_date: '1999-01-04' }, ['Physics']);
    await target.services.categories.create('Robotics', 1);
    agent = await connectAgent(await listenForMcp(target));
  });
  afterAll(async () => agent?.close());

  it.each([
    ['get_paper', { arxiv_id_or_url: '2401.00001' }],
    ['recent_papers', {}],
    ['related_papers', { arxiv_id_or_url: '2401.00001' }],
    ['search_papers', { query: 'planning agents' }],
  ])(
    'answers %s to clients that read text only: the readable summary, then the structured result as JSON',
    async (name, args) => {
      const result = await call(name, args);
      expect(result.isError).toBeFalsy();
      expect(result.content).toHaveLength(2);
      const [summary, json] = result.content.map((part) => (part.type === 'text' ? part.text : null));
      expect(summary).toBe(textOf(result));
      expect(summary?.startsWith('{')).toBe(false);
      expect(JSON.parse(json ?? '')).toEqual(result.structuredContent);
    },
  );

  describe('get_paper', () => {
    it('answers the metadata, links, summary and Arabic abstract, structured and as text', async () => {
      const result = await call('get_paper', { arxiv_id_or_url: '2401.00001' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({
        arxivId: '2401.00001',
        version: 2,
        title: 'Planning agents',
        authors: ['Ada Lovelace', 'Alan Turing'],
        submittedDate: '2024-01-05',
        categories: ['AI Agents', 'Reasoning'],
        abstract: 'We study things. Results improve by 10%.',
        translated: true,
        pageUrl: `${PUBLIC_URL}/ai-digest/2401.00001`,
        absUrl: 'https://arxiv.org/abs/2401.00001',
        pdfUrl: 'https://arxiv.org/pdf/2401.00001v2',
        abstractArabic: ARABIC_ABSTRACT,
        summary: SUMMARY,
        summaryModel: 'test-model',
        summaryArabic: SUMMARY_ARABIC,
      });
      const text = textOf(result);
      for (const part of [
        'Planning agents',
        'Ada Lovelace, Alan Turing',
        `Page: ${PUBLIC_URL}/ai-digest/2401.00001`,
        'In one line: An agent that plans before it acts.',
        '- Solves 12% more tasks',
        'Summary (by test-model)',
        'Arabic summary:\nIn one line: وكيل يخطط قبل أن يتصرف.',
        '- يحل مهامَّ أكثر بنسبة 12%',
        ARABIC_ABSTRACT,
      ]) {
        expect(text).toContain(part);
      }
      // Fields the summariser marks as not applying are left out of the text.
      expect(text).not.toContain('Null');
    });

    it.each([
      '2401.00001v3',
      ' https://arxiv.org/abs/2401.00001v2 ',
      'http://arxiv.org/pdf/2401.00001.pdf',
      `${PUBLIC_URL}/ai-digest/2401.00001`,
      'http://localhost:3000/ai-digest/2401.00001?tab=comments',
    ])('finds the paper by %s', async (input) => {
      const result = await call('get_paper', { arxiv_id_or_url: input });
      expect(result.structuredContent?.arxivId).toBe('2401.00001');
    });

    it('finds an old-style id, whose page URL keeps its slash, and says when there is no summary', async () => {
      const result = await call('get_paper', { arxiv_id_or_url: 'https://arxiv.org/abs/hep-th/9901001' });
      expect(result.structuredContent).toMatchObject({
        arxivId: 'hep-th/9901001',
        pageUrl: `${PUBLIC_URL}/ai-digest/hep-th/9901001`,
        summary: null,
        summaryArabic: null,
        abstractArabic: null,
      });
      expect(textOf(result)).toContain('No summary yet.');
      expect(
        (await call('get_paper', { arxiv_id_or_url: `${PUBLIC_URL}/ai-digest/hep-th/9901001` })).isError,
      ).toBeFalsy();
    });

    it('answers a paper the digest does not hold with a tool error pointing to the search tools', async () => {
      const result = await call('get_paper', { arxiv_id_or_url: '2101.99999' });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toBe(
        'The digest has no paper 2101.99999. Find papers with search_papers or recent_papers.',
      );
    });

    it.each([
      [{ arxiv_id_or_url: 'not-a-paper' }, /arxiv_id_or_url.*|Not an arXiv paper/],
      [{ arxiv_id_or_url: 'https://example.com/abs/2401.00001' }, /Not an arXiv paper/],
      [{ arxiv_id_or_url: 2401.00001 }, /arxiv_id_or_url/],
      [{}, /arxiv_id_or_url/],
      [undefined, /arxiv_id_or_url/],
    ])('refuses the input %j as invalid params', async (args, message) => {
      const result = await call('get_paper', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/-32602.*Input validation error/);
      expect(textOf(result)).toMatch(message);
    });
  });

  describe('recent_papers', () => {
    it('answers the newest papers first, ten unless told, with the total', async () => {
      const result = await call('recent_papers');
      expect(result.structuredContent).toMatchObject({ category: null, totalCount: 3 });
      const papers = result.structuredContent?.papers as { arxivId: string; pageUrl: string }[];
      expect(papers.map((paper) => paper.arxivId)).toEqual(['2402.00002', '2401.00001', 'hep-th/9901001']);
      expect(papers.map((paper) => paper.pageUrl)).toEqual(
        papers.map((paper) => `${PUBLIC_URL}/ai-digest/${paper.arxivId}`),
      );
      const text = textOf(result);
      expect(text).toMatch(/^The 3 newest papers, of 3:/);
      expect(text.indexOf('2402.00002')).toBeLessThan(text.indexOf('2401.00001'));
      expect(text).toContain(`${PUBLIC_URL}/ai-digest/hep-th/9901001`);
    });

    it('answers as many as asked', async () => {
      const result = await call('recent_papers', { limit: 1 });
      expect(result.structuredContent).toMatchObject({ totalCount: 3, papers: [{ arxivId: '2402.00002' }] });
    });

    it('answers the papers of a category by its name', async () => {
      const result = await call('recent_papers', { category: 'AI Agents' });
      expect(result.structuredContent).toMatchObject({
        category: 'AI Agents',
        totalCount: 1,
        papers: [{ arxivId: '2401.00001', categories: ['AI Agents', 'Reasoning'] }],
      });
    });

    it('answers an empty list, not an error, for a category without papers', async () => {
      const result = await call('recent_papers', { category: 'Robotics' });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ papers: [], category: 'Robotics', sort: 'newest', totalCount: 0 });
      expect(textOf(result)).toBe('The digest has no papers in Robotics yet.');
    });

    it('answers the papers saved this week first with sort popular, with the saves that earned the place', async () => {
      const { db } = target.handle;
      const now = new Date().toISOString();
      const reader = await db
        .insertInto('users')
        .values({
          email: 'saver@example.com',
          name: 'Saver',
          password_hash: 'x',
          is_verified: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const paper = await db
        .selectFrom('papers')
        .select('id')
        .where('arxiv_id', '=', 'hep-th/9901001')
        .executeTakeFirstOrThrow();
      await db.insertInto('bookmarks').values({ user_id: reader.id, paper_id: paper.id, created_at: now }).execute();
      const result = await call('recent_papers', { sort: 'popular' });
      expect(result.structuredContent).toMatchObject({
        sort: 'popular',
        totalCount: 3,
        papers: [
          { arxivId: 'hep-th/9901001', thisWeek: { saves: 1, comments: 0 } },
          { arxivId: '2402.00002', thisWeek: { saves: 0, comments: 0 } },
          { arxivId: '2401.00001' },
        ],
      });
      const text = textOf(result);
      expect(text).toMatch(/^3 papers, most saved and commented this week first, then newest, of 3:/);
      expect(text).toContain('This week: 1 save, 0 comments');
      await db.deleteFrom('bookmarks').execute();
    });

    it('answers an unknown category with a tool error naming the categories there are', async () => {
      const result = await call('recent_papers', { category: 'agents' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        'The digest has no category "agents". Its categories are: AI Agents, Computer Vision, Physics, Reasoning, Robotics.',
      );
    });

    it.each([
      { limit: 0 },
      { limit: 51 },
      { limit: 2.5 },
      { limit: 'ten' },
      { category: '' },
      { category: 'x'.repeat(101) },
      { sort: 'hot' },
    ])('refuses %j as invalid params', async (args) => {
      const result = await call('recent_papers', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(new RegExp(`-32602.*${Object.keys(args)[0]}`));
    });
  });
});
