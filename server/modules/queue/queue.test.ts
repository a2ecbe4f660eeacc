import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paperDetailSchema } from '../../../common/papers.js';
import { queueListSchema, queueSearchSchema, scrapeAnswerSchema } from '../../../common/queue.js';
import { ArxivError } from '../../providers/arxiv/types.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { arxivPaper, fakeArxivClient } from '../../test/fake-arxiv-client.js';
import { addPaper } from '../../test/papers.js';

const ids = ['2401.00001', '2401.00002', '2401.00003', 'hep-th/9901001'];

describe.each(testDatabaseKinds)('queue API on $name', (kind) => {
  const arxiv = fakeArxivClient(ids.map((id) => arxivPaper(id)));
  const target = useTestApp(kind, () => ({}), { arxiv: arxiv.client });
  let admin: string;
  let reader: string;
  const as = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    requestAs(target.app, cookie, method, url, body);
  const scrape = (body: object) => as(admin, 'POST', '/api/admin/scrape', body);
  const list = async () => queueListSchema.parse((await as(admin, 'GET', '/api/queue')).json());
  const order = async () => (await list()).items.map((item) => item.arxivId);
  const search = async (id: string) =>
    queueSearchSchema.parse((await as(admin, 'GET', `/api/queue/search/${id}`)).json());

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    reader = await signedInAs(target, 'user', 'reader@example.org');
  });
  beforeEach(async () => {
    await target.handle.db.deleteFrom('queue_items').execute();
  });

  it('answers 401 to visitors and 403 to readers on every queue route, before validating', async () => {
    for (const [method, url] of [
      ['GET', '/api/queue'],
      ['GET', '/api/queue?page=0'],
      ['GET', '/api/queue/search/2401.00001'],
      ['GET', '/api/queue/search/not-an-id'],
      ['PUT', '/api/queue/2401.00001/move-first'],
      ['PUT', '/api/queue/2401.00001/move-last'],
      ['POST', '/api/queue/2401.00001/process-now'],
      ['DELETE', '/api/queue/2401.00001'],
      ['POST', '/api/admin/scrape'],
    ] as const) {
      expect((await as(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(reader, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(arxiv.asked).toEqual([]);
  });

  it('scrapes papers to the back, to the front, and to the front to be processed now', async () => {
    const queued = await scrape({ arxivId: '2401.00001' });
    expect(queued.statusCode).toBe(200);
    expect(scrapeAnswerSchema.parse(queued.json())).toEqual({
      message: 'Paper added to the queue',
      outcome: 'queued',
      paper: {
        id: null,
        arxivId: '2401.00001',
        version: 1,
        title: 'Agents that plan: 2401.00001',
        abstract: arxivPaper('2401.00001').abstract,
        pdfUrl: 'https://arxiv.org/pdf/2401.00001v1',
      },
    });
    expect((await scrape({ arxivId: '2401.00002v1' })).json().outcome).toBe('queued');
    expect((await scrape({ arxivId: '2401.00003', addToFront: true })).json()).toMatchObject({
      message: 'Paper added to the front of the queue',
      outcome: 'queued',
    });
    expect(await order()).toEqual(['2401.00003', '2401.00001', '2401.00002']);
    expect((await scrape({ arxivId: '2401.00002', processNow: true })).json()).toMatchObject({
      message: 'Paper processing started successfully',
      outcome: 'already_queued',
    });
    expect(await order()).toEqual(['2401.00002', '2401.00003', '2401.00001']);
    expect(arxiv.asked).toEqual(['2401.00001', '2401.00002', '2401.00003', '2401.00002']);
  });

  it('lists the queue paged, with positions, states and counts', async () => {
    for (const id of ids.slice(0, 3)) await scrape({ arxivId: id });
    const page = queueListSchema.parse((await as(admin, 'GET', '/api/queue?page=2&limit=2')).json());
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page.items).toEqual([
      {
        arxivId: '2401.00003',
        position: 3,
        title: 'Agents that plan: 2401.00003',
        state: 'waiting',
        attempts: 0,
        lastError: null,
        nextAttemptAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(page.counts).toEqual({ waiting: 3, processing: 0, retrying: 0, parked: 0, processed: 0 });
    expect((await as(admin, 'GET', '/api/queue?limit=101')).statusCode).toBe(400);
  });

  it('shows items being processed, waiting to retry and parked, and retries a parked one at once', async () => {
    for (const id of ids.slice(0, 3)) await scrape({ arxivId: id });
    const repo = target.services.queueRepo;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const claim = async () => {
      const item = await repo.claim(`token-${Math.random()}`, iso(now), iso(now + 60_000));
      if (!item) throw new Error('nothing to claim');
      return item;
    };
    await repo.fail(await claim(), 'The model answered nonsense', null, iso(now));
    await repo.fail(await claim(), 'PDF too strange', iso(now + 60_000), iso(now));
    await claim();
    const body = await list();
    expect(body.items.map((item) => [item.arxivId, item.state, item.attempts, item.lastError])).toEqual([
      ['2401.00001', 'parked', 1, 'The model answered nonsense'],
      ['2401.00002', 'retrying', 1, 'PDF too strange'],
      ['2401.00003', 'processing', 0, null],
    ]);
    expect(body.items[1]?.nextAttemptAt).toBe(iso(now + 60_000));
    expect(body.counts).toEqual({ waiting: 0, processing: 1, retrying: 1, parked: 1, processed: 0 });

    // A worker holds 2401.00003: the retried paper is next, not started.
    const retried = await as(admin, 'POST', '/api/queue/2401.00002/process-now');
    expect(retried.json()).toEqual({
      message: 'Paper queued next: the worker is busy with another paper',
      outcome: 'queued_next',
    });
    const unparked = await as(admin, 'PUT', '/api/queue/2401.00001/move-first');
    expect(unparked.json()).toEqual({ message: 'Paper moved to first position successfully' });
    expect((await list()).items.map((item) => [item.arxivId, item.state, item.attempts, item.position])).toEqual([
      ['2401.00001', 'waiting', 0, 1],
      ['2401.00002', 'waiting', 0, 2],
      ['2401.00003', 'processing', 0, 3],
    ]);
  });

  it('moves, processes now and removes queued papers, with the messages an admin sees', async () => {
    for (const id of ids.slice(0, 3)) await scrape({ arxivId: id });
    expect((await as(admin, 'PUT', '/api/queue/2401.00003/move-first')).json()).toEqual({
      message: 'Paper moved to first position successfully',
    });
    expect((await as(admin, 'PUT', '/api/queue/2401.00003/move-last')).json()).toEqual({
      message: 'Paper moved to last position successfully',
    });
    expect((await as(admin, 'POST', '/api/queue/2401.00002/process-now')).json()).toEqual({
      message: 'Paper processing started successfully',
      outcome: 'started',
    });
    expect(await order()).toEqual(['2401.00002', '2401.00001', '2401.00003']);
    expect(await search('2401.00003')).toMatchObject({ status: 'in_queue', item: { position: 3 } });

    const removed = await as(admin, 'DELETE', '/api/queue/2401.00001');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Paper removed from queue successfully' });
    expect(await order()).toEqual(['2401.00002', '2401.00003']);
    expect(await search('2401.00003')).toMatchObject({ status: 'in_queue', item: { position: 2 } });
  });

  it('says a paper asked for now is started when no worker holds another, else queued next', async () => {
    for (const id of ids.slice(0, 3)) await scrape({ arxivId: id });
    const now = Date.now();
    const held = await target.services.queueRepo.claim(
      'busy-worker',
      new Date(now).toISOString(),
      new Date(now + 60_000).toISOString(),
    );
    if (!held) throw new Error('nothing to claim');
    expect(held.arxivId).toBe('2401.00001');
    const processNow = async (id: string) => (await as(admin, 'POST', `/api/queue/${id}/process-now`)).json();
    expect(await processNow('2401.00003')).toMatchObject({ outcome: 'queued_next' });
    expect(await processNow('2401.00001')).toMatchObject({ outcome: 'started' });
    expect((await scrape({ arxivId: 'hep-th/9901001', processNow: true })).json()).toMatchObject({
      message: 'Paper queued next: the worker is busy with another paper',
      outcome: 'queued_next',
    });
    expect(await order()).toEqual(['hep-th/9901001', '2401.00001', '2401.00003', '2401.00002']);

    await target.services.queueRepo.release(held, null);
    expect(await processNow('2401.00002')).toEqual({
      message: 'Paper processing started successfully',
      outcome: 'started',
    });
  });

  it('gives items moved first and last at once places of their own', async () => {
    for (const id of ids) await scrape({ arxivId: id });
    const moves = await Promise.all([
      as(admin, 'PUT', '/api/queue/2401.00003/move-first'),
      as(admin, 'POST', '/api/queue/2401.00002/process-now'),
      as(admin, 'PUT', '/api/queue/2401.00001/move-last'),
      as(admin, 'PUT', '/api/queue/hep-th%2F9901001/move-last'),
    ]);
    expect(moves.map((move) => move.statusCode)).toEqual([200, 200, 200, 200]);
    const positions = await target.handle.db.selectFrom('queue_items').select('position').execute();
    expect(new Set(positions.map((row) => row.position)).size).toBe(ids.length);
    expect((await order()).slice(0, 2).sort()).toEqual(['2401.00002', '2401.00003']);
  });

  it('answers 404 for actions on a paper not in the queue, and 400 for a malformed id', async () => {
    for (const [method, url] of [
      ['PUT', '/api/queue/2401.00009/move-first'],
      ['PUT', '/api/queue/2401.00009/move-last'],
      ['POST', '/api/queue/2401.00009/process-now'],
      ['DELETE', '/api/queue/2401.00009'],
    ] as const) {
      const response = await as(admin, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found', message: 'Paper is not in the queue' });
    }
    expect((await as(admin, 'GET', '/api/queue/search/not-an-id')).statusCode).toBe(400);
    expect((await as(admin, 'PUT', '/api/queue/not-an-id/move-first')).statusCode).toBe(400);
  });

  it('finds a paper in the queue, processed, or nowhere (200 in every case)', async () => {
    await scrape({ arxivId: '2401.00001' });
    await addPaper(target.handle, { arxiv_id: '2301.00005', submitted_date: '2023-01-05' });
    expect(await search('2401.00001')).toMatchObject({ status: 'in_queue', item: { position: 1, state: 'waiting' } });
    expect(await search('2301.00005v2')).toMatchObject({
      status: 'processed',
      paper: { arxivId: '2301.00005', version: 2, categories: [{ name: 'Mathematics' }] },
    });
    const missing = await as(admin, 'GET', '/api/queue/search/2401.09999');
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ status: 'not_found', arxivId: '2401.09999' });
  });

  it('takes old-style ids in paths, with the slash raw or encoded', async () => {
    expect((await scrape({ arxivId: 'hep-th/9901001v1' })).json()).toMatchObject({ outcome: 'queued' });
    expect(await search('hep-th/9901001')).toMatchObject({ status: 'in_queue', item: { arxivId: 'hep-th/9901001' } });
    expect(await search('hep-th%2F9901001')).toMatchObject({ status: 'in_queue' });
    expect((await as(admin, 'PUT', '/api/queue/hep-th%2F9901001/move-last')).statusCode).toBe(200);
    expect((await as(admin, 'POST', '/api/queue/hep-th/9901001/process-now')).statusCode).toBe(200);
    expect((await as(admin, 'DELETE', '/api/queue/hep-th/9901001')).json()).toEqual({
      message: 'Paper removed from queue successfully',
    });
    expect(await order()).toEqual([]);
  });

  it('answers a processed paper as such without asking arXiv, and refreshes it when a newer version is asked for', async () => {
    await addPaper(target.handle, {
      arxiv_id: '2302.00007',
      submitted_date: '2023-02-07',
      abstract_translation: 'ملخص',
    });
    arxiv.publish(arxivPaper('2302.00007', { version: 2 }));
    const same = await scrape({ arxivId: 'https://arxiv.org/abs/2302.00007v2' });
    expect(same.json()).toMatchObject({
      message: 'Paper already processed',
      outcome: 'already_processed',
      paper: { id: expect.any(Number), version: 2 },
    });
    expect(await order()).toEqual([]);
    expect(arxiv.asked).not.toContain('2302.00007');

    arxiv.publish(arxivPaper('2302.00007', { version: 3, title: 'Agents that plan, revised' }));
    const refreshed = await scrape({ arxivId: '2302.00007v3' });
    expect(refreshed.json()).toMatchObject({
      message: 'Paper updated to version 3; a new summary is queued',
      outcome: 'refreshed',
      paper: { version: 3, title: 'Agents that plan, revised' },
    });
    const paper = paperDetailSchema.parse((await as(null, 'GET', '/api/papers/2302.00007')).json());
    expect(paper).toMatchObject({ version: 3, title: 'Agents that plan, revised', translated: false });
    expect(await search('2302.00007')).toMatchObject({ status: 'in_queue' });
  });

  it('says why a scrape failed: no such paper, arXiv down, or nothing typed', async () => {
    const unknown = await scrape({ arxivId: '2401.09999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'arxiv_not_found', message: 'arXiv has no paper 2401.09999' });

    const fetchPaper = arxiv.client.fetchPaper;
    arxiv.client.fetchPaper = async () => {
      throw new ArxivError('unavailable', 'arXiv did not answer in time');
    };
    try {
      const down = await scrape({ arxivId: '2401.00001' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual(errorAnswer('arxiv_unavailable', 'arXiv did not answer in time'));
    } finally {
      arxiv.client.fetchPaper = fetchPaper;
    }

    const garbled = await scrape({ arxivId: 'arxiv paper please' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error).toBe('invalid_arxiv_id');
    expect(garbled.json().message).toMatch(/^Not an arXiv paper: enter an id such as 2401.12345/);

    const blank = await scrape({ arxivId: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Please enter a paper ID or URL');
    expect(await order()).toEqual([]);
  });
});
