import { beforeAll, describe, expect, it } from 'vitest';
import { deletedPaperListSchema } from '../../../common/admin-papers.js';
import { scrapeAnswerSchema } from '../../../common/queue.js';
import { describeCounts } from '../../cli/import-progress.js';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { eventually } from '../../test/eventually.js';
import { arxivPaper, fakeArxivClient } from '../../test/fake-arxiv-client.js';
import { addPaper } from '../../test/papers.js';
import { type IngestRunOutcome, startIngestSchedule } from '../ingest/schedule.js';

const DELETED = '2202.12139';
const OLD_STYLE = 'hep-th/9901001';
const OTHER = '2401.00001';
const ADMIN_EMAIL = 'deleter@example.org';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(testDatabaseKinds)('deleted papers on $name', (kind) => {
  const arxiv = fakeArxivClient([arxivPaper(DELETED), arxivPaper(OTHER), arxivPaper(OLD_STYLE)]);
  const target = useTestApp(kind, () => ({}), { arxiv: arxiv.client });
  const db = () => target.handle.db;
  let admin: string;
  let reader: string;
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const scrape = (body: object) => as(admin, 'POST', '/api/admin/scrape', body);
  const deletedList = async (query = '') =>
    deletedPaperListSchema.parse((await as(admin, 'GET', `/api/admin/deleted-papers${query}`)).json());
  const idsOf = async (table: 'papers' | 'queue_items' | 'queue_bookmarks') =>
    (await db().selectFrom(table).select('arxiv_id').orderBy('arxiv_id').execute()).map((row) => row.arxiv_id);
  const userId = async (email: string) =>
    (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', ADMIN_EMAIL);
    reader = await signedInAs(target, 'user', 'reader@example.org');
    await addPaper(target.handle, { arxiv_id: DELETED, submitted_date: '2022-02-24' });
    await addPaper(target.handle, { arxiv_id: OLD_STYLE, submitted_date: '1999-01-04' });
  });

  it('remembers who deleted a paper and when, keeps it hidden, and drops its queue item and the bookmarks waiting for it', async () => {
    const now = new Date().toISOString();
    // Queued again for a newer version, with a reader's bookmark waiting for it.
    await target.services.queueRepo.enqueue([arxivPaper(DELETED, { version: 2 })], 'back', now);
    await db()
      .insertInto('queue_bookmarks')
      .values({ arxiv_id: DELETED, user_id: await userId('reader@example.org'), created_at: now })
      .execute();

    const response = await as(admin, 'DELETE', `/api/papers/${DELETED}`);
    expect(response.statusCode).toBe(200);
    expect((await as(null, 'GET', `/api/papers/${DELETED}`)).statusCode).toBe(404);
    expect(await idsOf('queue_items')).toEqual([]);
    expect(await idsOf('queue_bookmarks')).toEqual([]);
    expect(await deletedList()).toEqual({
      items: [
        {
          arxivId: DELETED,
          deletedAt: expect.any(String),
          deletedBy: { id: await userId(ADMIN_EMAIL), name: 'Test Admin', email: ADMIN_EMAIL },
          title: `Paper ${DELETED}`,
        },
      ],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    });
    expect(Date.parse((await deletedList()).items[0]?.deletedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(now));
  });

  it('leaves it out of the scheduled ingest, which counts and logs it', async () => {
    const lines: string[] = [];
    const outcomes: IngestRunOutcome[] = [];
    const schedule = startIngestSchedule(
      {
        arxiv: arxiv.client,
        importer: target.services.importer,
        config: loadConfig({ INGEST_INTERVAL: '1h' }),
        log: createLogger('info', { write: (line: string) => lines.push(line) }),
      },
      { onRun: (outcome) => outcomes.push(outcome) },
    );
    await eventually(
      async () => outcomes.length,
      (runs) => runs >= 1,
    );
    await schedule?.stop();

    expect(outcomes).toEqual([{ fetched: 3, queued: 1, deleted: 1 }]);
    expect(await idsOf('queue_items')).toEqual([OTHER]);
    expect(lines.join('')).toContain('skipped 1 an admin deleted');
  });

  it('leaves it out of an import, queued or processed, and says so in the summary', async () => {
    const entries = [
      { paper: arxivPaper(DELETED) },
      { paper: arxivPaper('2401.00002') },
      { paper: arxivPaper(DELETED) },
    ];
    const queued = await target.services.importer.importPapers(entries, { mode: 'queue' });
    expect(queued).toMatchObject({ read: 3, added: 1, known: 0, deleted: 2 });
    expect(describeCounts(queued, 'queued')).toBe(
      '3 read, 1 queued, 0 already known, 2 deleted by an admin, 0 skipped',
    );
    const processed = await target.services.importer.importPapers(entries, { mode: 'processed' });
    expect(processed).toMatchObject({ read: 3, added: 0, known: 1, deleted: 2 });
    expect((await as(null, 'GET', `/api/papers/${DELETED}`)).statusCode).toBe(404);
    expect(await idsOf('queue_items')).toEqual([OTHER, '2401.00002']);
  });

  it('refuses to scrape it, however asked, with 409 paper_deleted and without asking arXiv', async () => {
    for (const body of [
      { arxivId: DELETED },
      { arxivId: `https://arxiv.org/abs/${DELETED}v2`, processNow: true },
      { arxivId: `${DELETED}v1`, addToFront: true, addToBookmarks: true },
    ]) {
      const response = await scrape(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json()).toMatchObject({
        error: 'paper_deleted',
        message: expect.stringMatching(/^Paper 2202\.12139 was deleted by an admin.*can restore it/),
      });
    }
    expect(arxiv.asked).not.toContain(DELETED);
    expect(await idsOf('queue_items')).toEqual([OTHER, '2401.00002']);
    expect(await idsOf('queue_bookmarks')).toEqual([]);
  });

  it('lists the deleted ids by the start of the id, paged, and refuses a search that no id could match', async () => {
    expect((await as(admin, 'DELETE', `/api/papers/${OLD_STYLE}`)).statusCode).toBe(200);
    expect((await deletedList()).items.map((item) => item.arxivId).sort()).toEqual([DELETED, OLD_STYLE]);
    expect((await deletedList('?q=2202.1')).items.map((item) => item.arxivId)).toEqual([DELETED]);
    expect((await deletedList('?q=HEP-th%2F99')).items.map((item) => item.arxivId)).toEqual([OLD_STYLE]);
    expect((await deletedList('?q=2401')).items).toEqual([]);
    const page = await deletedList('?limit=1&page=2');
    expect(page.items).toHaveLength(1);
    expect(page.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    for (const query of ['?q=%25', '?q=2202_1', '?limit=0']) {
      expect((await as(admin, 'GET', `/api/admin/deleted-papers${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers 401 to visitors and 403 to readers, changing nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/deleted-papers'],
      ['DELETE', `/api/admin/deleted-papers/${DELETED}`],
      ['DELETE', `/api/admin/deleted-papers/${OLD_STYLE}`],
      ['DELETE', `/api/admin/deleted-papers/${DELETED}/paper`],
    ] as const) {
      expect((await as(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(reader, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await deletedList()).pagination.total).toBe(2);
  });

  it('restores the id of a paper deleted permanently, after which a scrape queues the paper and processing stores it', async () => {
    expect((await as(admin, 'DELETE', `/api/admin/deleted-papers/${DELETED}/paper`)).statusCode).toBe(200);
    const restored = await as(admin, 'DELETE', `/api/admin/deleted-papers/${DELETED}`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({
      message: `${DELETED} restored: it can be scraped and imported again`,
      paperShown: false,
    });
    const again = await as(admin, 'DELETE', `/api/admin/deleted-papers/${DELETED}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'not_found', message: `${DELETED} is not a deleted paper` });
    expect((await as(admin, 'DELETE', '/api/admin/deleted-papers/not-an-id')).statusCode).toBe(400);
    const shown = await as(admin, 'DELETE', `/api/admin/deleted-papers/${OLD_STYLE}`);
    expect(shown.json()).toEqual({
      message: `${OLD_STYLE} restored with its comments and bookmarks`,
      paperShown: true,
    });
    expect((await as(null, 'GET', `/api/papers/${OLD_STYLE}`)).statusCode).toBe(200);
    expect((await deletedList()).items).toEqual([]);

    const scraped = scrapeAnswerSchema.parse((await scrape({ arxivId: DELETED, processNow: true })).json());
    expect(scraped).toMatchObject({ outcome: 'processing', paper: { arxivId: DELETED, id: null } });
    expect(await target.services.createWorker().runOnce()).toBe('completed');
    expect((await as(null, 'GET', `/api/papers/${DELETED}`)).statusCode).toBe(200);
  });
});
