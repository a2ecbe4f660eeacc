import { beforeAll, describe, expect, it } from 'vitest';
import { commentListSchema, commentSchema } from '../../../common/comments.js';
import { apiErrorSchema } from '../../../common/errors.js';
import { signUpVerified } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { useSmtpServer } from '../../test/smtp.js';
import { seedPapers } from '../ingest/seed.js';
import { COMMENT_LIMITS } from './service.js';

const PUBLIC_URL = 'https://digest.example.org';
const UPLOADED = '/uploads/0123456789abcdef0123456789abcdef.png';
const NEW_TAB = 'target="_blank" rel="noopener noreferrer"';

/** Stored XSS attempts and what the API answers for each: nothing left that runs. */
const XSS_ATTEMPTS: [string, string, string][] = [
  ['a script tag', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
  ['an onerror handler', `<p>a<img src="${UPLOADED}" onerror="alert(1)"></p>`, `<p>a<img src="${UPLOADED}" /></p>`],
  [
    'an onclick handler',
    '<p onclick="alert(1)">a<strong onmouseover="alert(1)">b</strong></p>',
    '<p>a<strong>b</strong></p>',
  ],
  ['a javascript: link', '<a href="javascript:alert(1)">x</a>', `<a href="about:blank" ${NEW_TAB}>x</a>`],
  ['a javascript: link in mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>', `<a href="about:blank" ${NEW_TAB}>x</a>`],
  [
    'a javascript: link behind entities',
    '<a href="&#106;avascript&#58;alert(1)">x</a>',
    `<a href="about:blank" ${NEW_TAB}>x</a>`,
  ],
  [
    'a javascript: link split by a tab',
    '<a href="java&#x09;script:alert(1)">x</a>',
    `<a href="about:blank" ${NEW_TAB}>x</a>`,
  ],
  [
    'a javascript: link behind white space',
    '<a href=" \n javascript:alert(1)">x</a>',
    `<a href="about:blank" ${NEW_TAB}>x</a>`,
  ],
  [
    'a data: link',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    `<a href="about:blank" ${NEW_TAB}>x</a>`,
  ],
  ['a data: image', '<p>a<img src="data:image/svg+xml,<svg onload=alert(1)>"></p>', '<p>a</p>'],
  ['an image from elsewhere', '<p>a<img src="https://evil.example/x.png"></p>', '<p>a</p>'],
  ['an SVG with a script', '<p>a</p><svg><script>alert(1)</script><circle onload="alert(1)"/></svg>', '<p>a</p>'],
  ['an iframe', '<p>a</p><iframe src="javascript:alert(1)"></iframe>', '<p>a</p>'],
  [
    'a CSS expression',
    '<p><span style="color: expression(alert(1)); background-color: url(javascript:alert(1))">a</span></p>',
    '<p><span>a</span></p>',
  ],
  ['a CSS url()', '<p style="background: url(https://evil.example/track.png)">a</p>', '<p>a</p>'],
  ['a style tag', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
  ['a broken attribute', '<p title="a"><img src=x onerror=alert(1)//">b</p>', '<p>b</p>'],
];

describe.each(testDatabaseKinds)('comments API on $name', (kind) => {
  const smtp = useSmtpServer();
  const target = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PUBLIC_URL }));
  let paperId: number;
  let owner: string;
  let ownerId: number;
  let reader: string;

  const get = (url: string) => target.app.inject({ method: 'GET', url });
  const post = (cookie: string | null, payload: Record<string, unknown>) =>
    target.app.inject({ method: 'POST', url: '/api/comments', headers: cookie ? { cookie } : {}, payload });
  const remove = (cookie: string | null, id: number) =>
    target.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: cookie ? { cookie } : {} });
  const commentCount = async () =>
    Number(
      (
        await target.handle.db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const write = async (cookie: string, text: string) => {
    const response = await post(cookie, { paperId, text });
    expect(response.statusCode, response.body).toBe(201);
    return commentSchema.parse(response.json());
  };

  let readers = 0;
  /** A new verified reader (named `name`): the session cookie and the account's id. Each has its own write limit. */
  async function newReader(name = 'Test Reader'): Promise<{ cookie: string; id: number }> {
    const email = `reader${++readers}@example.org`;
    const cookie = await signUpVerified(target.app, smtp, email);
    const user = await target.handle.db
      .updateTable('users')
      .set({ name })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { cookie, id: user.id };
  }

  beforeAll(async () => {
    await seedPapers(target.handle, 2);
    paperId = (await target.handle.db.selectFrom('papers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    ({ cookie: owner, id: ownerId } = await newReader('Owner'));
    ({ cookie: reader } = await newReader('Other Reader'));
  });

  it('lists nothing for a paper without comments, and 404 or 400 for an unknown or malformed paper id', async () => {
    const empty = await get(`/api/comments/${paperId}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const unknown = await get('/api/comments/999999');
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).error).toBe('not_found');
    expect((await get('/api/comments/abc')).statusCode).toBe(400);
  });

  it("writes as the session's user whatever the body says, and lists comments newest first to anyone", async () => {
    const first = await write(owner, '<p>First</p>');
    const response = await post(owner, { paperId, userId: 999, name: 'Administrator', text: '<p>Second</p>' });
    expect(response.statusCode).toBe(201);
    const second = commentSchema.parse(response.json());
    expect(second).toMatchObject({ paperId, userId: ownerId, name: 'Owner', text: '<p>Second</p>' });
    expect(Date.parse(second.createdAt)).not.toBeNaN();

    const list = commentListSchema.parse((await get(`/api/comments/${paperId}`)).json());
    expect(list.slice(0, 2)).toEqual([second, first]);
  });

  it('answers one comment by its id to anyone, naming its paper; 404 for an unknown id', async () => {
    const comment = await write(owner, '<p>Shared</p>');
    const response = await get(`/api/comments/comment/${comment.id}`);
    expect(response.statusCode).toBe(200);
    expect(commentSchema.parse(response.json())).toEqual(comment);
    const unknown = await get('/api/comments/comment/999999');
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).error).toBe('not_found');
    expect((await get('/api/comments/comment/abc')).statusCode).toBe(400);
  });

  it('refuses a visitor with 401 and stores nothing', async () => {
    const before = await commentCount();
    const response = await post(null, { paperId, text: '<p>Anonymous</p>' });
    expect(response.statusCode).toBe(401);
    expect(apiErrorSchema.parse(response.json()).error).toBe('unauthenticated');
    expect(await commentCount()).toBe(before);
  });

  it.each([
    ['blank paragraphs', '<p>   </p><p><br></p>'],
    ['non-breaking spaces', '<p>&nbsp;&#160;</p>'],
    ['zero-width spaces', '<p>&#8203;&#xFEFF;</p>'],
    ['only a script', '<script>alert("x")</script>'],
    ['only an image from elsewhere', '<p><img src="https://evil.example/x.png"></p>'],
    ['nothing', ''],
  ])('refuses a comment of %s with 400 and stores nothing', async (_, text) => {
    const { cookie } = await newReader();
    const before = await commentCount();
    const response = await post(cookie, { paperId, text });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({ error: 'invalid_request' });
    expect(await commentCount()).toBe(before);
  });

  it('keeps a comment that is only an uploaded image: a reader sees it', async () => {
    const created = await post((await newReader()).cookie, { paperId, text: `<p><img src="${UPLOADED}"></p>` });
    expect(created.statusCode).toBe(201);
    expect(created.json().text).toContain(`src="${UPLOADED}"`);
  });

  it('refuses a comment on an unknown paper with 404, and a malformed body with 400, storing nothing', async () => {
    const before = await commentCount();
    expect((await post(owner, { paperId: 999999, text: '<p>Hi</p>' })).statusCode).toBe(404);
    expect((await post(owner, { paperId: 'one', text: '<p>Hi</p>' })).statusCode).toBe(400);
    expect((await post(owner, { paperId, text: `<p>${'a'.repeat(20_001)}</p>` })).statusCode).toBe(400);
    expect(await commentCount()).toBe(before);
  });

  it.each(XSS_ATTEMPTS)('stores %s harmless, as the list answers it', async (_, text, stored) => {
    const created = await write((await newReader()).cookie, text);
    expect(created.text).toBe(stored);
    const listed = commentListSchema.parse((await get(`/api/comments/${paperId}`)).json());
    expect(listed.find((comment) => comment.id === created.id)?.text).toBe(stored);
  });

  it("keeps the editor's formatting: paragraphs, emphasis, lists, alignment, colours, links and images", async () => {
    const formatted =
      '<p style="text-align:center">A <strong>b</strong> <em>c</em> <u>d</u> <b>e</b> <i>f</i><br />g</p>' +
      '<ul><li><p>x</p></li></ul><ol start="3"><li><p>y</p></li></ol>' +
      '<p><span style="color:#e03131;background-color:rgb(255, 236, 153)">coloured</span> <mark style="background-color:yellow">marked</mark></p>' +
      `<p><a href="https://arxiv.org/abs/2305.16291" ${NEW_TAB}>paper</a> <a href="mailto:a@example.org" ${NEW_TAB}>mail</a> <a href="tel:+123" ${NEW_TAB}>call</a></p>` +
      `<p><img src="${UPLOADED}" alt="chart" /></p>`;
    expect((await write(owner, formatted)).text).toBe(formatted);
  });

  it('drops what the editor does not make, keeping the text, and opens every link in a new tab', async () => {
    const created = await write(
      owner,
      '<h1 id="root" class="x">Title</h1><p style="font-size:40px;color:red;text-align:right">a <a href="http://example.org" target="_self" rel="opener">b</a> <a href="/ai-digest">c</a></p>',
    );
    expect(created.text).toBe(
      `Title<p style="text-align:right">a <a href="http://example.org" ${NEW_TAB}>b</a> <a href="about:blank" ${NEW_TAB}>c</a></p>`,
    );
  });

  it("keeps this site's uploaded images given as URLs, as paths, and drops look-alikes", async () => {
    const created = await write(
      owner,
      `<p>a<img src="${PUBLIC_URL}${UPLOADED}"><img src="https://evil.example${UPLOADED}"><img src="/uploads/../site.db"><img src="/uploads/x.svg"></p>`,
    );
    expect(created.text).toBe(`<p>a<img src="${UPLOADED}" /></p>`);
  });

  it('answers a name with HTML in it as the text it is, never as markup', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const { cookie } = await newReader(name);
    const created = await write(cookie, '<p>Hello</p>');
    expect(created.name).toBe(name);
    expect(created.text).toBe('<p>Hello</p>');
    const listed = commentListSchema.parse((await get(`/api/comments/${paperId}`)).json());
    expect(listed.find((comment) => comment.id === created.id)?.name).toBe(name);
  });

  it('lets only the author delete: 401 for a visitor, 403 for another reader, 404 for an unknown id', async () => {
    const comment = await write(owner, '<p>Mine</p>');
    const visitor = await remove(null, comment.id);
    expect(visitor.statusCode).toBe(401);
    expect(apiErrorSchema.parse(visitor.json()).error).toBe('unauthenticated');
    const other = await remove(reader, comment.id);
    expect(other.statusCode).toBe(403);
    expect(apiErrorSchema.parse(other.json()).error).toBe('forbidden');
    expect((await remove(owner, 999999)).statusCode).toBe(404);
    expect((await remove(owner, 0)).statusCode).toBe(400);
    const ids = async () => commentListSchema.parse((await get(`/api/comments/${paperId}`)).json()).map((c) => c.id);
    expect(await ids()).toContain(comment.id);

    const deleted = await remove(owner, comment.id);
    expect(deleted.statusCode).toBe(200);
    expect(commentSchema.parse(deleted.json())).toEqual(comment);
    expect(await ids()).not.toContain(comment.id);
    expect((await remove(owner, comment.id)).statusCode).toBe(404);
    expect((await get(`/api/comments/comment/${comment.id}`)).statusCode).toBe(404);
  });

  it('limits how many comments a reader writes a minute: 429 with Retry-After, and nothing stored', async () => {
    const { cookie } = await newReader();
    for (let i = 0; i < COMMENT_LIMITS.writesPerUser.max; i++) await write(cookie, `<p>${i}</p>`);
    const before = await commentCount();
    const refused = await post(cookie, { paperId, text: '<p>one too many</p>' });
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await commentCount()).toBe(before);
    // Another reader is not held back by it.
    await write(owner, '<p>Still open to others</p>');
  });
});
