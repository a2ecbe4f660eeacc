import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PaperDetail, type PaperList, paperDetailSchema, paperListSchema } from '../../../common/papers.js';
import { migrationsFor } from '../../db/migrations/index.js';
import { startTestApp, type TestApp, useTestApp, withTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { eventually } from '../../test/eventually.js';
import { addPaper as addPaperTo } from '../../test/papers.js';
import { seedPapers } from '../ingest/seed.js';
import { createPopularRepo } from './popular-repo.js';
import { createPapersRepo } from './repo.js';
import { createPapersService } from './service.js';

const ARABIC_ABSTRACT = 'نقترح طريقة جديدة لتحسين الاستدلال في النماذج اللغوية الكبيرة.';

const addPaper = (target: TestApp, arxivId: string, submittedDate: string, translation: string | null = null) =>
  addPaperTo(target.handle, { arxiv_id: arxivId, submitted_date: submittedDate, abstract_translation: translation });

describe.each(testDatabaseKinds)('papers API on $name', (kind) => {
  const target = useTestApp(kind);
  const get = (url: string, headers: Record<string, string> = {}) => target.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    await seedPapers(target.handle, 20);
    await addPaper(target, 'math/9501234', '1995-01-10');
    await addPaper(target, '2001.00001', '2020-01-02', ARABIC_ABSTRACT);
  });

  it('reports dialect, migration and paper count on /api/health', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      dialect: kind.name,
      migration: Object.keys(migrationsFor(kind.name)).at(-1),
      papers: 22,
      // What search reports is tested with search.
      search: expect.any(Object),
    });
  });

  it('lists papers newest first with the pagination object', async () => {
    const response = await get('/api/papers?page=2&limit=6');
    expect(response.statusCode).toBe(200);
    const body = paperListSchema.parse(response.json()) as PaperList;
    expect(body.papers).toHaveLength(6);
    expect(body.pagination).toEqual({
      currentPage: 2,
      totalPages: 4,
      totalCount: 22,
      limit: 6,
      hasNextPage: true,
      hasPreviousPage: true,
      nextPage: 3,
      previousPage: 1,
    });
    const dates = body.papers.map((paper) => paper.submittedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.papers.every((paper) => paper.categories.length > 0)).toBe(true);
  });

  it('answers the last partial page and an empty page past the end', async () => {
    const last = paperListSchema.parse((await get('/api/papers?page=4&limit=6')).json());
    expect(last.papers).toHaveLength(4);
    expect(last.papers.at(-1)?.arxivId).toBe('math/9501234');
    expect(last.pagination).toMatchObject({ hasNextPage: false, nextPage: null });
    const past = paperListSchema.parse((await get('/api/papers?page=9&limit=6')).json());
    expect(past.papers).toEqual([]);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'page=1.5', 'limit=0', 'limit=101', 'limit=ten'])(
    'rejects %s with a 400 naming the field',
    async (query) => {
      const response = await get(`/api/papers?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toBe('invalid_request');
      expect(Object.keys(body.fields)).toEqual([`querystring.${query.split('=')[0]}`]);
    },
  );

  it('filters by category and keeps the total of that category', async () => {
    const body = paperListSchema.parse((await get('/api/papers?page=1&limit=6&category=Mathematics')).json());
    expect(body.papers.map((p) => p.arxivId).sort()).toEqual(['2001.00001', 'math/9501234']);
    expect(body.pagination.totalCount).toBe(2);
    const none = paperListSchema.parse((await get('/api/papers?category=No%20such%20thing')).json());
    expect(none.papers).toEqual([]);
    expect(none.pagination.totalPages).toBe(0);
  });

  it('answers a paper by arXiv id, versioned id and internal id, with its summary', async () => {
    const first = paperListSchema.parse((await get('/api/papers?limit=1')).json()).papers[0];
    if (!first) throw new Error('no papers');
    const byArxiv = paperDetailSchema.parse((await get(`/api/papers/${first.arxivId}`)).json()) as PaperDetail;
    expect(byArxiv.title).toBe(first.title);
    expect(byArxiv.summary?.generatedBy).toBe('extractive');
    expect(byArxiv.summary?.Paper_one_line.length).toBeGreaterThan(0);
    const byVersion = (await get(`/api/papers/${first.arxivId}v3`)).json();
    expect(byVersion.id).toBe(first.id);
    const byId = (await get(`/api/papers/${first.id}`)).json();
    expect(byId.arxivId).toBe(first.arxivId);
  });

  it('finds old-style ids with a raw or an encoded slash', async () => {
    for (const path of ['/api/papers/math/9501234', '/api/papers/math%2F9501234']) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ arxivId: 'math/9501234', version: 2, translated: false });
    }
    expect((await get('/api/papers/math/9501234/categories')).json()).toEqual([
      { name: 'Mathematics', nameAr: 'الرياضيات' },
    ]);
  });

  it('answers the Arabic translation of a translated paper', async () => {
    const body = (await get('/api/papers/2001.00001')).json();
    expect(body).toMatchObject({ translated: true, abstractTranslation: ARABIC_ABSTRACT, summary: null });
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const path of ['/api/papers/2101.99999', '/api/papers/hep-th/9901001', '/api/papers/999999']) {
      const response = await get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorAnswer('not_found', 'Paper not found'));
    }
    for (const path of ['/api/papers/abc', '/api/papers/2101.1', '/api/papers/abc/categories', '/api/papers/0']) {
      const response = await get(path);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    }
  });

  it('lists category names in order', async () => {
    const names = (await get('/api/categories')).json() as string[];
    expect(names).toContain('Mathematics');
    expect([...names].sort((a, b) => (a < b ? -1 : 1))).toEqual(names);
  });

  it('serves a distinct cover per paper with an ETag', async () => {
    const first = await get('/api/image/math/9501234/data');
    const second = await get('/api/image/2001.00001/data');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('image/svg+xml');
    expect(first.body).toContain('<svg');
    expect(first.body).not.toBe(second.body);
    expect(first.headers.etag).not.toBe(second.headers.etag);
    const revalidated = await get('/api/image/math/9501234/data', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect((await get('/api/image/2101.99999/data')).statusCode).toBe(404);
  });

  it('sends a list or a paper in the encoding the client accepts, the same bytes each time, and plain JSON to one that accepts none', async () => {
    for (const url of ['/api/papers?limit=20', '/api/papers/1']) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.json()).toBeTypeOf('object');
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const [first, second] = [
          await get(url, { 'accept-encoding': encoding }),
          await get(url, { 'accept-encoding': encoding }),
        ];
        expect(first?.headers['content-encoding']).toBe(encoding);
        expect(first?.headers.vary).toMatch(/accept-encoding/i);
        expect(first?.rawPayload.equals(second?.rawPayload ?? Buffer.alloc(0))).toBe(true);
        expect(decode(first?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(plain.body);
      }
    }
    // A short answer is not worth compressing: it is sent as it is.
    const short = await get('/api/papers/2001.00001', { 'accept-encoding': 'br' });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body).toBe((await get('/api/papers/2001.00001')).body);
  });

  it('shows a newly added paper at the top of the list', async () => {
    await addPaper(target, '2612.00001', '2099-12-31');
    const body = paperListSchema.parse((await get('/api/papers?limit=6')).json());
    expect(body.papers[0]?.arxivId).toBe('2612.00001');
    expect(body.pagination.totalCount).toBe(23);
  });
});

describe.each(testDatabaseKinds)('deep pages on $name', (kind) => {
  const target = useTestApp(kind);

  beforeAll(async () => {
    await seedPapers(target.handle, 1_234);
  }, 180_000);

  it('pages through every paper exactly once, in listing order, across anchor boundaries', async () => {
    const seen: string[] = [];
    let page = 1;
    for (;;) {
      const body = paperListSchema.parse((await target.app.inject(`/api/papers?page=${page}&limit=100`)).json());
      seen.push(...body.papers.map((p) => `${p.submittedDate} ${String(p.id).padStart(8, '0')}`));
      if (!body.pagination.hasNextPage) break;
      page++;
    }
    expect(seen).toHaveLength(1_234);
    expect(new Set(seen).size).toBe(1_234);
    expect([...seen].sort().reverse()).toEqual(seen);
    const deep = paperListSchema.parse((await target.app.inject('/api/papers?page=206&limit=6')).json());
    expect(deep.papers.map((p) => `${p.submittedDate} ${String(p.id).padStart(8, '0')}`)).toEqual(seen.slice(1_230));
  });
});

describe.each(testDatabaseKinds)('answers kept on $name', (kind) => {
  it('answers what it kept while the content version stays the same, and anew once it moves', async () => {
    await withTestApp(kind, {}, async (target) => {
      await seedPapers(target.handle, 8);
      // The version stands still by hand here, so only kept answers can explain an unchanged one.
      let version = 'before';
      const papers = createPapersService({
        repo: createPapersRepo(target.handle),
        popularRepo: createPopularRepo(target.handle),
        contentVersion: { current: async () => version },
      });
      const first = async () =>
        paperListSchema.parse(JSON.parse((await papers.listJson(1, 6)).body.toString())).papers[0];
      const kept = await first();
      if (!kept) throw new Error('no papers');
      const ref = { kind: 'arxiv', arxivId: kept.arxivId } as const;
      const detail = async () => paperDetailSchema.parse(JSON.parse((await papers.detailJson(ref)).body.toString()));
      expect((await detail()).title).toBe(kept.title);
      expect((await papers.detail(ref)).title).toBe(kept.title);

      await target.handle.db.updateTable('papers').set({ title: 'Edited title' }).where('id', '=', kept.id).execute();
      expect((await first())?.title).toBe(kept.title);
      expect((await detail()).title).toBe(kept.title);
      expect((await papers.detail(ref)).title).toBe(kept.title);

      // A kept answer is compressed once: every request after the first sends the same bytes.
      const brotli = (await papers.listJson(1, 6)).encodedAs('br');
      expect(brotli).not.toBeNull();
      expect((await papers.listJson(1, 6)).encodedAs('br')).toBe(brotli);

      version = 'after';
      expect((await first())?.title).toBe('Edited title');
      expect((await detail()).title).toBe('Edited title');
      expect((await papers.detail(ref)).title).toBe('Edited title');
    });
  });
});

describe.each(testDatabaseKinds)('changes on $name', (kind) => {
  it('shows a write made by another process within a second', async () => {
    await withTestApp(kind, {}, async (first, database) => {
      // A second app on the same database stands in for another web process.
      const second = await startTestApp(database);
      try {
        await seedPapers(first.handle, 8);
        const page = async () => paperListSchema.parse((await first.app.inject('/api/papers?page=1&limit=6')).json());
        await page();
        await addPaper(second, '2612.00002', '2099-12-30');
        const after = await eventually(page, (body) => body.pagination.totalCount === 9, 1_000);
        expect(after.papers[0]?.arxivId).toBe('2612.00002');
        expect(after.pagination.totalCount).toBe(9);
      } finally {
        await second.close();
      }
    });
  });

  it('answers an edited paper, summary or category change within a second', async () => {
    await withTestApp(kind, {}, async (target) => {
      await seedPapers(target.handle, 3);
      const first = (await target.app.inject('/api/papers?limit=1')).json().papers[0];
      const detail = async () => (await target.app.inject(`/api/papers/${first.arxivId}`)).json();
      const list = async () => (await target.app.inject('/api/papers?limit=1')).json().papers[0];
      expect((await detail()).title).toBe(first.title);

      await target.handle.db.updateTable('papers').set({ title: 'Edited title' }).where('id', '=', first.id).execute();
      expect((await eventually(detail, (paper) => paper.title !== first.title)).title).toBe('Edited title');
      expect((await eventually(list, (paper) => paper.title !== first.title)).title).toBe('Edited title');

      const category = first.categories[0].name;
      await target.handle.db
        .updateTable('categories')
        .set({ name: 'Renamed', name_ar: 'مُعاد تسميته' })
        .where('name', '=', category)
        .execute();
      const renamed = await eventually(detail, (paper) =>
        paper.categories.some((c: { name: string }) => c.name === 'Renamed'),
      );
      expect(renamed.categories).toContainEqual({ name: 'Renamed', nameAr: 'مُعاد تسميته' });

      await target.handle.db.deleteFrom('paper_categories').where('paper_id', '=', first.id).execute();
      expect((await eventually(detail, (paper) => paper.categories.length === 0)).categories).toEqual([]);

      await target.handle.db.deleteFrom('summaries').where('paper_id', '=', first.id).execute();
      expect((await eventually(detail, (paper) => paper.summary === null)).summary).toBeNull();
    });
  });
});

describe.each(testDatabaseKinds.filter((kind) => kind.name === 'postgres'))('change announcements on $name', (kind) => {
  it('still shows changes when the listening connection is cut, and listens again', async () => {
    await withTestApp(kind, {}, async (target) => {
      await seedPapers(target.handle, 3);
      const listeners = async () => {
        const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
          where application_name = 'paper-stats-listener' and datname = current_database()`.execute(target.handle.db);
        return rows.map((row) => row.pid);
      };
      const cut = await eventually(listeners, (pids) => pids.length > 0);
      await sql`select pg_terminate_backend(pid) from unnest(${cut}::int[]) as pid`.execute(target.handle.db);

      const first = (await target.app.inject('/api/papers?limit=1')).json().papers[0];
      await target.handle.db.updateTable('papers').set({ title: 'While cut' }).where('id', '=', first.id).execute();
      const detail = async () => (await target.app.inject(`/api/papers/${first.arxivId}`)).json();
      expect((await eventually(detail, (paper) => paper.title === 'While cut')).title).toBe('While cut');

      const again = await eventually(listeners, (pids) => pids.some((pid) => !cut.includes(pid)), 5_000);
      expect(again.some((pid) => !cut.includes(pid))).toBe(true);
      await target.handle.db
        .updateTable('papers')
        .set({ title: 'Listening again' })
        .where('id', '=', first.id)
        .execute();
      expect((await eventually(detail, (paper) => paper.title === 'Listening again')).title).toBe('Listening again');
    });
  });
});
