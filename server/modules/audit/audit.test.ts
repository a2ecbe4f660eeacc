import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, auditPageSchema } from '../../../common/audit.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { arxivPaper, fakeArxivClient } from '../../test/fake-arxiv-client.js';
import { routeCollector, routeKey, STATE_CHANGING_METHODS } from '../../test/routes.js';
import { seedPapers } from '../ingest/seed.js';
import { createUsersRepo } from '../users/repo.js';

const TO_SCRAPE = ['2402.00001', '2402.00002'];
/** Where the administrators' routes are; the paper routes with a parameter write papers. */
const ADMIN_PATHS = ['/api/admin/', '/api/users/', '/api/queue/', '/api/categories', '/api/papers/:'];

describe.each(testDatabaseKinds)('the audit log on $name', (kind) => {
  const arxiv = fakeArxivClient(TO_SCRAPE.map((id) => arxivPaper(id)));
  const collected = routeCollector();
  const target = useTestApp(kind, () => ({}), { arxiv: arxiv.client, onRoute: collected.onRoute });
  let admin: string;
  let adminId: number;
  let reader: string;
  let readerId: number;
  let papers: { id: number; arxiv_id: string }[];

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const idOf = async (cookie: string) => (await as(cookie, 'GET', '/api/auth/check')).json().user.id as number;
  async function page(query = '') {
    const response = await as(admin, 'GET', `/api/admin/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.parse(response.json());
  }
  const newest = async () => (await page('?limit=1')).entries[0];
  const count = async () =>
    Number(
      (
        await target.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    await seedPapers(target.handle, 3);
    papers = await target.handle.db.selectFrom('papers').select(['id', 'arxiv_id']).orderBy('id').execute();
    admin = await signedInAs(target, 'admin', 'auditor@example.org');
    adminId = await idOf(admin);
    reader = await signedInAs(target, 'user', 'audited@example.org');
    readerId = await idOf(reader);
  });

  it('is read by administrators only: 401 for visitors, 403 for readers, 400 for a bad filter', async () => {
    expect((await as(null, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await as(reader, 'GET', '/api/admin/audit')).statusCode).toBe(403);
    for (const query of ['action=paper.eaten', 'actor=0', 'before=abc', 'limit=101', 'objectType=planet']) {
      expect((await as(admin, 'GET', `/api/admin/audit?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('records every administrator action once, with who, what, on which object and the values it changed', async () => {
    const paper = papers[0]?.arxiv_id ?? '';
    const other = papers[1]?.arxiv_id ?? '';
    const comment = (
      await as(reader, 'POST', '/api/comments', { paperId: papers[0]?.id, text: '<p>Spam</p>' })
    ).json() as { id: number };
    const member = await signedInAs(target, 'user', 'member@example.org');
    const memberId = await idOf(member);
    const pending = await createUsersRepo(target.handle.db).insert({
      name: 'Pending',
      email: 'pending@example.org',
      passwordHash: 'x',
    });
    await as(member, 'POST', `/api/comments/${comment.id}/reports`, { reason: 'spam' });
    const edit = { version: 2, title: 'A corrected title', pdfUrl: 'https://arxiv.org/pdf/x', abstract: 'Same.' };
    const original = await target.handle.db
      .selectFrom('papers')
      .select(['title', 'version', 'pdf_url', 'abstract'])
      .where('arxiv_id', '=', paper)
      .executeTakeFirstOrThrow();
    edit.abstract = original.abstract;

    const steps: [Method, string, object | undefined, Partial<AuditEntry>][] = [
      [
        'POST',
        '/api/admin/scrape',
        { arxivId: TO_SCRAPE[0] },
        {
          action: 'paper.scraped',
          objectType: 'paper',
          objectId: TO_SCRAPE[0],
          after: expect.objectContaining({ outcome: 'queued' }),
        },
      ],
      [
        'PUT',
        `/api/queue/${TO_SCRAPE[0]}/move-last`,
        undefined,
        { action: 'queue.moved_last', objectId: TO_SCRAPE[0] },
      ],
      [
        'PUT',
        `/api/queue/${TO_SCRAPE[0]}/move-first`,
        undefined,
        { action: 'queue.moved_first', objectType: 'queue_item' },
      ],
      ['POST', `/api/queue/${TO_SCRAPE[0]}/process-now`, undefined, { action: 'queue.processed_now' }],
      ['DELETE', `/api/queue/${TO_SCRAPE[0]}`, undefined, { action: 'queue.removed', objectId: TO_SCRAPE[0] }],
      [
        'POST',
        '/api/categories',
        { name: 'Audited' },
        {
          action: 'category.created',
          objectType: 'category',
          objectId: 'Audited',
          after: { name: 'Audited', nameAr: null },
        },
      ],
      [
        'PUT',
        '/api/categories/Audited',
        { nameAr: 'مدقّق' },
        { action: 'category.renamed', before: { nameAr: null }, after: { nameAr: 'مدقّق' } },
      ],
      [
        'PUT',
        `/api/papers/${paper}`,
        edit,
        {
          action: 'paper.edited',
          objectId: paper,
          before: { title: original.title, version: original.version, pdfUrl: original.pdf_url },
          after: { title: edit.title, version: 2, pdfUrl: edit.pdfUrl },
        },
      ],
      [
        'POST',
        `/api/papers/${paper}/categories`,
        { categories: ['Audited'] },
        { action: 'paper.categories_set', after: { categories: ['Audited'] } },
      ],
      [
        'DELETE',
        '/api/categories/Audited',
        undefined,
        { action: 'category.deleted', before: { name: 'Audited', nameAr: 'مدقّق', papers: 1 } },
      ],
      [
        'DELETE',
        `/api/papers/${other}`,
        undefined,
        { action: 'paper.deleted', objectId: other, before: expect.objectContaining({ version: 1 }) },
      ],
      [
        'DELETE',
        `/api/admin/deleted-papers/${other}/paper`,
        undefined,
        { action: 'paper.erased', objectId: other, before: expect.objectContaining({ version: 1 }) },
      ],
      ['DELETE', `/api/admin/deleted-papers/${other}`, undefined, { action: 'paper.restored', objectId: other }],
      [
        'PATCH',
        `/api/users/${readerId}/unverify`,
        undefined,
        {
          action: 'user.unverified',
          objectType: 'user',
          objectId: String(readerId),
          objectName: 'Test Reader',
          after: { isVerified: false },
        },
      ],
      [
        'PATCH',
        `/api/users/${pending.id}/unverify`,
        undefined,
        {
          action: 'user.unverified',
          objectId: String(pending.id),
          before: { isVerified: false, unverifiedByAdmin: false },
          after: { isVerified: false, unverifiedByAdmin: true },
        },
      ],
      ['PATCH', `/api/users/${readerId}/verify`, undefined, { action: 'user.verified', after: { isVerified: true } }],
      [
        'POST',
        `/api/admin/users/${readerId}/suspend`,
        { reason: 'Spam' },
        { action: 'user.suspended', after: { suspended: true, reason: 'Spam', commentsRemoved: 0 } },
      ],
      [
        'POST',
        `/api/admin/users/${readerId}/restore`,
        undefined,
        { action: 'user.restored', before: { suspended: true } },
      ],
      [
        'PATCH',
        `/api/admin/users/${memberId}/role`,
        { role: 'admin' },
        { action: 'user.promoted', objectName: 'Test Reader', before: { role: 'user' }, after: { role: 'admin' } },
      ],
      [
        'PATCH',
        `/api/admin/users/${memberId}/role`,
        { role: 'user' },
        { action: 'user.demoted', after: { role: 'user' } },
      ],
      [
        'POST',
        `/api/admin/comments/${comment.id}/dismiss-reports`,
        undefined,
        { action: 'comment.reports_dismissed', objectType: 'comment', after: { dismissed: 1 } },
      ],
      [
        'DELETE',
        `/api/admin/comments/${comment.id}`,
        { reason: 'Spam' },
        { action: 'comment.removed', objectId: String(comment.id), objectName: null, after: { reason: 'Spam' } },
      ],
      [
        'DELETE',
        `/api/admin/users/${memberId}`,
        undefined,
        {
          action: 'user.deleted',
          objectId: String(memberId),
          // The account is gone: the log keeps its id only.
          objectName: null,
          before: { role: 'user', isVerified: true, suspended: false },
        },
      ],
    ];
    for (const [method, url, payload, expected] of steps) {
      const before = await count();
      const response = await as(admin, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      expect(await count(), `${method} ${url}`).toBe(before + 1);
      expect(await newest(), `${method} ${url}`).toMatchObject({
        actor: { id: adminId, name: 'Test Admin', email: 'auditor@example.org' },
        createdAt: expect.any(String),
        ...expected,
      });
    }
    const recorded = new Set((await page('?limit=100')).entries.map((entry) => entry.action));
    expect([...recorded].sort()).toEqual([...new Set(steps.map(([, , , { action }]) => action))].sort());

    // Every state-changing admin route is among the steps (its twin for old-style arXiv ids runs the same code).
    const adminRoutes = collected.routes
      .filter((route) => STATE_CHANGING_METHODS.has(route.method) && !route.url.includes(':archive'))
      .filter((route) => ADMIN_PATHS.some((prefix) => route.url.startsWith(prefix)));
    const untried = adminRoutes.filter(
      (route) =>
        !steps.some(
          ([method, url]) =>
            method === route.method && new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`).test(url),
        ),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(steps.length - 2);
    expect(untried.map(routeKey)).toEqual([]);
  });

  it('records nothing for an action refused or that changes nothing', async () => {
    const before = await count();
    const another = await signedInAs(target, 'user', 'another@example.org');
    expect((await as(another, 'POST', '/api/categories', { name: 'Not yours' })).statusCode).toBe(403);
    expect((await as(admin, 'PUT', '/api/queue/2499.99999/move-first')).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', '/api/categories/Nowhere')).statusCode).toBe(404);
    expect((await as(admin, 'PATCH', `/api/admin/users/${adminId}/role`, { role: 'user' })).statusCode).toBe(409);
    expect((await as(admin, 'PATCH', `/api/admin/users/${readerId}/role`, { role: 'user' })).statusCode).toBe(200);
    expect((await as(admin, 'POST', '/api/categories', { name: 'Once only' })).statusCode).toBe(201);
    expect((await as(admin, 'POST', '/api/categories', { name: 'Once only' })).json().created).toBe(false);
    expect(await count()).toBe(before + 1);
  });

  it('filters by action, administrator and object, and pages newest first by keyset without gaps or repeats', async () => {
    const all = (await page('?limit=100')).entries;
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
    const pages: number[] = [];
    let before: number | null = null;
    do {
      const next = await page(`?limit=3${before ? `&before=${before}` : ''}`);
      pages.push(...next.entries.map((entry) => entry.id));
      before = next.nextBefore;
    } while (before !== null);
    expect(pages).toEqual(all.map((entry) => entry.id));

    const removals = (await page('?action=queue.removed')).entries;
    expect(removals.map((entry) => entry.action)).toEqual(['queue.removed']);
    expect((await page(`?actor=${adminId}&limit=100`)).entries).toHaveLength(all.length);
    expect((await page(`?actor=${readerId}`)).entries).toEqual([]);
    const onReader = (await page(`?objectType=user&objectId=${readerId}`)).entries.map((entry) => entry.action);
    expect(onReader).toEqual(['user.restored', 'user.suspended', 'user.verified', 'user.unverified']);
  });

  it('keeps every entry: the database refuses to change or delete one', async () => {
    const before = await count();
    await expect(sql`UPDATE audit_log SET action = 'paper.edited'`.execute(target.handle.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(target.handle.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });
});
