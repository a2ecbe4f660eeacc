import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueSearchSchema } from '../../../common/queue.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { type FakeArxiv, startFakeArxiv } from '../../test/fake-arxiv.js';
import { connectAgent, listenForMcp } from '../../test/mcp-client.js';

/** The paper arXiv names hep-ex/0406020, as it may be typed in a URL path: with its subject class, encoded or not. */
const OLD_STYLE_PATHS = ['hep-ex.EX/0406020', 'hep-ex.EX%2F0406020', 'hep-ex/0406020', 'hep-ex%2F0406020v1'];

describe.each(testDatabaseKinds)('arXiv ids and links as an admin pastes them, on $name', (kind) => {
  let fake: FakeArxiv;
  let agent: Client | undefined;
  beforeAll(async () => {
    fake = await startFakeArxiv();
  });
  afterAll(async () => {
    await agent?.close();
    await fake.close();
  });
  const target = useTestApp(kind, () => ({ ARXIV_API_URL: fake.url }));
  // Signed in when first needed: the app starts in a hook of its own.
  let admin: Promise<string> | undefined;
  const asAdmin = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    admin ??= signedInAs(target, 'admin', 'admin@example.org');
    return requestAs(target.app, await admin, method, url, payload);
  };

  const scrape = (arxivId: string) => asAdmin('POST', '/api/admin/scrape', { arxivId });
  const queueSearch = async (path: string) =>
    queueSearchSchema.parse((await asAdmin('GET', `/api/queue/search/${path}`)).json());
  const processQueue = async () => {
    const worker = target.services.createWorker();
    for (let outcome = await worker.runOnce(); outcome !== 'idle'; outcome = await worker.runOnce())
      expect(outcome).toBe('completed');
  };
  const getPaper = async (input: string) => {
    agent ??= await connectAgent(await listenForMcp(target));
    return (await agent.callTool({ name: 'get_paper', arguments: { arxiv_id_or_url: input } })) as CallToolResult;
  };

  it('scrapes an arxiv.org link pasted without its scheme', async () => {
    const response = await scrape('arxiv.org/abs/1605.08386');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'queued', paper: { arxivId: '1605.08386' } });
    expect(fake.requests.at(-1)?.query.get('id_list')).toBe('1605.08386');
    expect(await queueSearch('1605.08386')).toMatchObject({ status: 'in_queue', item: { arxivId: '1605.08386' } });
  });

  it('stores an old-style id typed with its subject class under the id arXiv gives it, and finds it typed either way', async () => {
    const scraped = await scrape('hep-ex.EX/0406020');
    expect(scraped.statusCode).toBe(200);
    expect(scraped.json()).toMatchObject({ outcome: 'queued', paper: { arxivId: 'hep-ex/0406020' } });
    for (const path of OLD_STYLE_PATHS)
      expect(await queueSearch(path), path).toMatchObject({ status: 'in_queue', item: { arxivId: 'hep-ex/0406020' } });

    await processQueue();
    for (const path of OLD_STYLE_PATHS) {
      const response = await requestAs(target.app, null, 'GET', `/api/papers/${path}`);
      expect(response.statusCode, path).toBe(200);
      expect(response.json().arxivId, path).toBe('hep-ex/0406020');
      expect(await queueSearch(path), path).toMatchObject({
        status: 'processed',
        paper: { arxivId: 'hep-ex/0406020' },
      });
    }
    for (const input of ['hep-ex.EX/0406020', 'arxiv.org/abs/hep-ex.EX/0406020v1', 'arXiv:hep-ex/0406020']) {
      const result = await getPaper(input);
      expect(result.isError, input).toBeFalsy();
      expect(result.structuredContent?.arxivId, input).toBe('hep-ex/0406020');
    }

    const reader = await signedInAs(target, 'user', 'reader@example.org');
    expect((await requestAs(target.app, reader, 'POST', '/api/bookmarks/hep-ex.EX/0406020')).statusCode).toBe(201);
    for (const path of OLD_STYLE_PATHS)
      expect((await requestAs(target.app, reader, 'GET', `/api/bookmarks/${path}`)).statusCode, path).toBe(200);

    expect((await scrape('https://arxiv.org/abs/hep-ex/0406020')).json()).toMatchObject({
      outcome: 'already_processed',
    });
    const stored = await target.handle.db
      .selectFrom('papers')
      .select('arxiv_id')
      .where('arxiv_id', 'like', 'hep-ex%')
      .execute();
    expect(stored).toEqual([{ arxiv_id: 'hep-ex/0406020' }]);
  });
});
