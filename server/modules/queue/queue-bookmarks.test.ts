import { beforeAll, describe, expect, it } from 'vitest';
import { bookmarkListSchema } from '../../../common/bookmarks.js';
import { scrapeAnswerSchema } from '../../../common/queue.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { arxivPaper, fakeArxivClient } from '../../test/fake-arxiv-client.js';

describe.each(testDatabaseKinds)("'Add to bookmarks' on a scrape on $name", (kind) => {
  const arxiv = fakeArxivClient(['2401.00001', '2401.00002', '2401.00003'].map((id) => arxivPaper(id)));
  const target = useTestApp(kind, () => ({}), { arxiv: arxiv.client, workerOptions: { pollMs: 10 } });
  let admin: string;
  const scrape = (body: object) => requestAs(target.app, admin, 'POST', '/api/admin/scrape', body);
  const bookmarked = async () =>
    bookmarkListSchema
      .parse((await requestAs(target.app, admin, 'GET', '/api/bookmarks')).json())
      .map((b) => b.arxivId);

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
  });

  it('bookmarks a queued paper for the admin when it has been processed', async () => {
    const answer = scrapeAnswerSchema.parse((await scrape({ arxivId: '2401.00001', addToBookmarks: true })).json());
    expect(answer).toMatchObject({ outcome: 'queued', bookmarked: true, paper: { id: null } });
    expect(await bookmarked()).toEqual([]);

    expect(await target.services.createWorker().runOnce()).toBe('completed');
    expect(await bookmarked()).toEqual(['2401.00001']);
    expect(await target.handle.db.selectFrom('queue_bookmarks').selectAll().execute()).toEqual([]);
  });

  it('bookmarks a processed paper at once, and only when asked', async () => {
    const answer = scrapeAnswerSchema.parse((await scrape({ arxivId: '2401.00001', addToBookmarks: true })).json());
    expect(answer).toMatchObject({ outcome: 'already_processed', bookmarked: true });
    expect(await bookmarked()).toEqual(['2401.00001']);

    const plain = scrapeAnswerSchema.parse((await scrape({ arxivId: '2401.00002' })).json());
    expect(plain.bookmarked).toBeUndefined();
    expect(await target.services.createWorker().runOnce()).toBe('completed');
    expect(await bookmarked()).toEqual(['2401.00001']);
  });

  it('forgets the bookmark waiting for a paper removed from the queue', async () => {
    await scrape({ arxivId: '2401.00003', addToBookmarks: true });
    const waiting = () => target.handle.db.selectFrom('queue_bookmarks').select('arxiv_id').execute();
    expect(await waiting()).toEqual([{ arxiv_id: '2401.00003' }]);
    const removed = await requestAs(target.app, admin, 'DELETE', '/api/queue/2401.00003');
    expect(removed.json()).toEqual({ message: 'Paper removed from queue successfully' });
    expect(await waiting()).toEqual([]);

    // Queued again without asking for a bookmark: the paper is stored, and bookmarked for no one.
    await scrape({ arxivId: '2401.00003' });
    expect(await target.services.createWorker().runOnce()).toBe('completed');
    expect(await bookmarked()).toEqual(['2401.00001']);
  });
});
