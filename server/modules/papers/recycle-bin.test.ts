import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkListSchema } from '../../../common/bookmarks.js';
import { commentListSchema } from '../../../common/comments.js';
import { paperListSchema } from '../../../common/papers.js';
import { paperMatchesSchema } from '../../../common/search.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { arxivPaper } from '../../test/fake-arxiv-client.js';
import { connectAgent, listenForMcp } from '../../test/mcp-client.js';
import { addPaper, addPapers } from '../../test/papers.js';

const BINNED = '2403.00003';
const BINNED_TITLE = 'Zorblaxian quokkafolds for planning agents';
const NEIGHBOUR = '2403.00004';
const OTHER = '2401.00001';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(testDatabaseKinds)('the recycle bin of papers on $name', (kind) => {
  const target = useTestApp(kind, () => ({ PUBLIC_URL: 'https://digest.example' }));
  let admin: string;
  let reader: string;
  let agent: Client;
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const binnedId = async () =>
    (await target.handle.db.selectFrom('papers').select('id').where('arxiv_id', '=', BINNED).executeTakeFirstOrThrow())
      .id;
  const mcpText = async (name: string, args: Record<string, unknown>) =>
    JSON.stringify(((await agent.callTool({ name, arguments: args })) as CallToolResult).content);

  /** What each reader surface answers about the paper; `shown` says whether it should be there. */
  async function expectEverywhere(shown: boolean, paperId: number) {
    expect((await as(null, 'GET', `/api/papers/${BINNED}`)).statusCode).toBe(shown ? 200 : 404);
    expect((await as(null, 'GET', `/api/papers/${BINNED}/bibtex`)).statusCode).toBe(shown ? 200 : 404);
    expect((await as(null, 'GET', `/api/papers/${BINNED}/related`)).statusCode).toBe(shown ? 200 : 404);
    expect((await as(null, 'GET', `/api/comments/${paperId}`)).statusCode).toBe(shown ? 200 : 404);

    const list = paperListSchema.parse((await as(null, 'GET', '/api/papers?limit=10')).json());
    expect(list.papers.map((paper) => paper.arxivId)).toEqual(shown ? [BINNED, NEIGHBOUR, OTHER] : [NEIGHBOUR, OTHER]);
    expect(list.pagination.totalCount).toBe(shown ? 3 : 2);
    const inCategory = paperListSchema.parse((await as(null, 'GET', '/api/papers?category=AI%20Agents')).json());
    expect(inCategory.papers.map((paper) => paper.arxivId)).toEqual(shown ? [BINNED, NEIGHBOUR] : [NEIGHBOUR]);
    expect(inCategory.pagination.totalCount).toBe(shown ? 2 : 1);
    const popular = paperListSchema.parse((await as(null, 'GET', '/api/papers?sort=popular')).json());
    expect(popular.papers.map((paper) => paper.arxivId).includes(BINNED)).toBe(shown);
    expect(popular.pagination.totalCount).toBe(shown ? 3 : 2);

    const search = await as(null, 'POST', '/api/papers/semantic', { query: 'Zorblaxian quokkafolds', top_k: 5 });
    expect(
      paperMatchesSchema
        .parse(search.json())
        .papers.map((paper) => paper.arxivId)
        .includes(BINNED),
    ).toBe(shown);
    const related = paperMatchesSchema.parse((await as(null, 'GET', `/api/papers/${NEIGHBOUR}/related`)).json());
    expect(related.papers.map((paper) => paper.arxivId).includes(BINNED)).toBe(shown);

    const feed = (await as(null, 'GET', '/feeds/ai-digest.xml')).body;
    expect(feed.includes(BINNED_TITLE)).toBe(shown);
    const sitemap = (await as(null, 'GET', '/sitemaps/papers-1.xml')).body;
    expect(sitemap.includes(`/ai-digest/${BINNED}<`)).toBe(shown);

    expect((await mcpText('get_paper', { arxiv_id_or_url: BINNED })).includes(BINNED_TITLE)).toBe(shown);
    expect((await mcpText('search_papers', { query: 'Zorblaxian quokkafolds' })).includes(BINNED)).toBe(shown);

    const bookmarks = bookmarkListSchema.parse((await as(reader, 'GET', '/api/bookmarks')).json());
    expect(bookmarks.map((bookmark) => bookmark.arxivId)).toEqual(shown ? [BINNED] : []);
    const exported = (await as(reader, 'GET', '/api/bookmarks/export.csv')).body;
    expect(exported.includes(BINNED)).toBe(shown);
    const queueSearch = (await as(admin, 'GET', `/api/queue/search/${BINNED}`)).json() as { status: string };
    expect(queueSearch.status).toBe(shown ? 'processed' : 'not_found');
  }

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'binner@example.org');
    reader = await signedInAs(target, 'user', 'saver@example.org');
    await addPaper(target.handle, { arxiv_id: OTHER, submitted_date: '2024-01-01', title: 'Graph colouring' }, [
      'Mathematics',
    ]);
    await addPaper(
      target.handle,
      {
        arxiv_id: BINNED,
        submitted_date: '2024-03-03',
        title: BINNED_TITLE,
        abstract: 'Zorblaxian quokkafolds let planning agents plan.',
      },
      ['AI Agents'],
    );
    await addPaper(
      target.handle,
      {
        arxiv_id: NEIGHBOUR,
        submitted_date: '2024-03-02',
        title: 'Quokkafolds revisited for planning agents',
        abstract: 'Planning agents plan with quokkafolds.',
      },
      ['AI Agents'],
    );
    expect((await as(reader, 'POST', `/api/bookmarks/${BINNED}`)).statusCode).toBe(201);
    const comment = await as(reader, 'POST', '/api/comments', { paperId: await binnedId(), text: '<p>Kept.</p>' });
    expect(comment.statusCode).toBe(201);
    agent = await connectAgent(await listenForMcp(target));
  });
  afterAll(async () => agent?.close());

  it('shows the paper everywhere before it is deleted', async () => {
    await expectEverywhere(true, await binnedId());
  });

  it('hides a deleted paper from every reader surface, and refuses comments and bookmarks on it', async () => {
    const paperId = await binnedId();
    expect((await as(admin, 'DELETE', `/api/papers/${BINNED}`)).statusCode).toBe(200);
    await expectEverywhere(false, paperId);
    expect((await as(reader, 'POST', '/api/comments', { paperId, text: '<p>Hello?</p>' })).statusCode).toBe(404);
    expect((await as(reader, 'POST', `/api/bookmarks/${BINNED}`)).statusCode).toBe(404);
    // An admin's edit and a second deletion find no paper either: it is in the bin.
    expect((await as(admin, 'DELETE', `/api/papers/${BINNED}`)).statusCode).toBe(404);
  });

  it('leaves it out of an import while it is in the bin', async () => {
    const counts = await target.services.importer.importPapers([{ paper: arxivPaper(BINNED) }], { mode: 'queue' });
    expect(counts).toMatchObject({ added: 0, deleted: 1 });
  });

  it('restores it whole: shown everywhere again, with its comment and its bookmark', async () => {
    const paperId = await binnedId();
    const restored = await as(admin, 'DELETE', `/api/admin/deleted-papers/${BINNED}`);
    expect(restored.json()).toEqual({
      message: `${BINNED} restored with its comments and bookmarks`,
      paperShown: true,
    });
    await expectEverywhere(true, paperId);
    const comments = commentListSchema.parse((await as(null, 'GET', `/api/comments/${paperId}`)).json());
    expect(comments.map((comment) => comment.text)).toEqual(['<p>Kept.</p>']);
  });

  it('erases a paper deleted permanently, keeping its id deleted so that import skips it', async () => {
    const paperId = await binnedId();
    expect((await as(admin, 'DELETE', `/api/papers/${BINNED}`)).statusCode).toBe(200);
    expect((await as(reader, 'DELETE', `/api/admin/deleted-papers/${BINNED}/paper`)).statusCode).toBe(403);
    const erased = await as(admin, 'DELETE', `/api/admin/deleted-papers/${BINNED}/paper`);
    expect(erased.json()).toEqual({ message: `${BINNED} deleted permanently` });
    expect((await as(admin, 'DELETE', `/api/admin/deleted-papers/${BINNED}/paper`)).statusCode).toBe(404);
    await expectEverywhere(false, paperId);
    const left = await target.handle.db
      .selectFrom('comments')
      .select('id')
      .where('paper_id', '=', paperId)
      .unionAll(target.handle.db.selectFrom('bookmarks').select('id').where('paper_id', '=', paperId))
      .execute();
    expect(left).toEqual([]);
    const counts = await target.services.importer.importPapers([{ paper: arxivPaper(BINNED) }], { mode: 'processed' });
    expect(counts).toMatchObject({ added: 0, deleted: 1 });
    expect((await as(admin, 'GET', '/api/admin/deleted-papers')).json()).toMatchObject({
      items: [{ arxivId: BINNED, title: null }],
    });
  });

  it('keeps deep listing pages in step when a paper is deleted and restored', async () => {
    await addPapers(
      target.handle,
      Array.from({ length: 150 }, (_, n) => `2312.${String(n + 1).padStart(5, '0')}`),
    );
    const pageThree = async () =>
      paperListSchema
        .parse((await as(null, 'GET', '/api/papers?page=3&limit=50')).json())
        .papers.map((paper) => paper.arxivId);
    const before = await pageThree();
    expect((await as(admin, 'DELETE', `/api/papers/${NEIGHBOUR}`)).statusCode).toBe(200);
    // Page three (past the first listing anchor) now starts one paper later.
    expect((await pageThree()).slice(0, 49)).toEqual(before.slice(1));
    expect((await as(admin, 'DELETE', `/api/admin/deleted-papers/${NEIGHBOUR}`)).statusCode).toBe(200);
    expect(await pageThree()).toEqual(before);
  });
});
