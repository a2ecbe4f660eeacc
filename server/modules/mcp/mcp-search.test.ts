import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { eventually } from '../../test/eventually.js';
import { connectAgent, listenForMcp } from '../../test/mcp-client.js';
import { seedPapers } from '../ingest/seed.js';

const PUBLIC_URL = 'https://digest.example';
/** The first real papers of the demo file: among them Agent-OM (ontology matching) and two on video. */
const SEEDED = 20;

interface Found {
  arxivId: string;
  title: string;
  pageUrl: string;
}

/** The readable summary: the first text block (a success's last block is its structured content as JSON). */
const textOf = (result: CallToolResult) => {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
};
const papersOf = (result: CallToolResult) => (result.structuredContent?.papers ?? []) as Found[];

describe.each(testDatabaseKinds)('MCP search tools on $name', (kind) => {
  const target = useTestApp(kind, () => ({ PUBLIC_URL }));
  let agent: Client;
  const call = async (name: string, args?: Record<string, unknown>) =>
    (await agent.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    await seedPapers(target.handle, SEEDED);
    // The background embedder gives the papers their vectors where there is a vector index.
    const embedder = target.services.createPaperEmbedder({ pollMs: 20 });
    embedder.start();
    const status = await eventually(
      () => target.services.search.status(),
      ({ vectorIndex, embedded }) => vectorIndex === 'none' || embedded.done === SEEDED,
      60_000,
    );
    await embedder.stop();
    expect(status.vectorIndex === 'none' || status.embedded.done === SEEDED).toBe(true);
    agent = await connectAgent(await listenForMcp(target));
  }, 120_000);
  afterAll(async () => agent?.close());

  describe('search_papers', () => {
    it('answers the best matches first, each with its page URL, structured and as text', async () => {
      const result = await call('search_papers', { query: 'ontology matching with LLM agents', top_k: 3 });
      expect(result.isError).toBeFalsy();
      const papers = papersOf(result);
      expect(papers).toHaveLength(3);
      expect(papers[0]).toMatchObject({
        arxivId: '2312.00326',
        title: 'Agent-OM: Leveraging LLM Agents for Ontology Matching',
        pageUrl: `${PUBLIC_URL}/ai-digest/2312.00326`,
        absUrl: 'https://arxiv.org/abs/2312.00326',
      });
      const text = textOf(result);
      expect(text).toMatch(/^3 papers for "ontology matching with LLM agents", most relevant first:/);
      expect(text).toContain(`1. Agent-OM: Leveraging LLM Agents for Ontology Matching`);
      expect(text).toContain(`${PUBLIC_URL}/ai-digest/2312.00326`);
    });

    it('answers as the site’s search does', async () => {
      const viaMcp = papersOf(await call('search_papers', { query: 'video generation' }));
      const viaApi = await target.app.inject({
        method: 'POST',
        url: '/api/papers/semantic',
        payload: { query: 'video generation', top_k: 9 },
      });
      expect(viaMcp.map((paper) => paper.arxivId)).toEqual(
        viaApi.json().papers.map((paper: { arxivId: string }) => paper.arxivId),
      );
      expect(viaMcp.length).toBeGreaterThan(0);
    });

    it('searches within a category as the site’s search does, and names the categories for an unknown one', async () => {
      const names = (await target.app.inject('/api/categories/names')).json() as { name: string }[];
      const category = names[0]?.name as string;
      const result = await call('search_papers', { query: 'language models', category });
      const viaApi = await target.app.inject({
        method: 'POST',
        url: '/api/papers/semantic',
        payload: { query: 'language models', top_k: 9, category },
      });
      const inCategory = viaApi.json().papers as { arxivId: string; categories: { name: string }[] }[];
      expect(inCategory.length).toBeGreaterThan(0);
      for (const paper of inCategory) expect(paper.categories.map((c) => c.name)).toContain(category);
      expect(papersOf(result).map((paper) => paper.arxivId)).toEqual(inCategory.map((paper) => paper.arxivId));
      expect(textOf(result)).toMatch(new RegExp(`^\\d+ papers? in ${category} for "language models"`));

      const unknown = await call('search_papers', { query: 'agents', category: 'Astrology' });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toBe(
        `The digest has no category "Astrology". Its categories are: ${names.map((c) => c.name).join(', ')}.`,
      );
    });

    it.each([
      [{ query: 'agents', top_k: 0 }, 'top_k'],
      [{ query: 'agents', top_k: 51 }, 'top_k'],
      [{ query: '   ' }, 'query'],
      [{ query: 'x'.repeat(2_001) }, 'query'],
      [{ top_k: 3 }, 'query'],
    ])('refuses %j as invalid params naming %s', async (args, field) => {
      const result = await call('search_papers', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(new RegExp(`-32602.*Input validation error.*${field}`));
    });
  });

  describe('related_papers', () => {
    it('answers the papers the paper’s page lists as related, most alike first, the paper itself left out', async () => {
      const result = await call('related_papers', { arxiv_id_or_url: 'https://arxiv.org/abs/2312.00651' });
      expect(result.isError).toBeFalsy();
      const papers = papersOf(result);
      const onPage = (await target.app.inject('/api/papers/2312.00651/related')).json().papers as Found[];
      expect(papers.map((paper) => paper.arxivId)).toEqual(onPage.map((paper) => paper.arxivId));
      expect(papers).toHaveLength(6);
      expect(papers.map((paper) => paper.arxivId)).not.toContain('2312.00651');
      for (const paper of papers) expect(paper.pageUrl).toBe(`${PUBLIC_URL}/ai-digest/${paper.arxivId}`);
      const text = textOf(result);
      expect(text).toMatch(/^6 papers related to 2312\.00651, most alike first:\n\n1\. /);
      expect(text).toContain(papers[0]?.title);
    });

    it('answers as many as asked: the nearest ones', async () => {
      const six = papersOf(await call('related_papers', { arxiv_id_or_url: '2312.00651' }));
      const three = papersOf(await call('related_papers', { arxiv_id_or_url: '2312.00651', limit: 3 }));
      expect(three).toEqual(six.slice(0, 3));
      const many = papersOf(await call('related_papers', { arxiv_id_or_url: '2312.00651', limit: 12 }));
      expect(many.slice(0, 6)).toEqual(six);
    });

    it('answers a paper the digest does not hold with a tool error', async () => {
      const result = await call('related_papers', { arxiv_id_or_url: '2101.99999' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        'The digest has no paper 2101.99999. Find papers with search_papers or recent_papers.',
      );
    });

    it.each([{ arxiv_id_or_url: 'ontology' }, { arxiv_id_or_url: '2312.00326', limit: 0 }, { limit: 3 }])(
      'refuses %j as invalid params',
      async (args) => {
        const result = await call('related_papers', args);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/-32602.*Input validation error/);
      },
    );
  });
});
