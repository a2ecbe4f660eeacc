import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { paperListSchema } from '../../common/papers.js';
import { hashToken } from '../modules/auth/tokens.js';
import { createDigestRepo } from '../modules/digest/repo.js';
import { seedPapers } from '../modules/ingest/seed.js';
import { createUsersRepo } from '../modules/users/repo.js';
import { requestAs, signedInAs } from './accounts.js';
import type { TestApp } from './app.js';
import { arxivPaper, fakeArxivClient } from './fake-arxiv-client.js';
import { addPaper } from './papers.js';

export const ADMIN_EMAIL = 'admin@example.org';
export const READER_EMAIL = 'reader@example.org';

/** Papers arXiv (the fake) knows: the first ones queued by the fixtures, the last ones left to scrape. */
const QUEUED = ['2401.00001', '2401.00002', 'hep-th/9901001', 'hep-th/9901002'];
const TO_SCRAPE = ['2401.00009', '2401.00010', 'hep-th/9901009'];
export const routeFixturesArxiv = () => fakeArxivClient([...QUEUED, ...TO_SCRAPE].map((id) => arxivPaper(id)));

/** Real rows for every route's parameters, so a refusal is never a "not found" in disguise. */
export interface RouteFixtures {
  admin: string;
  reader: string;
  readerId: number;
  /** An unverified account, neither the reader nor the admin: the object of verify and unverify. */
  victimId: number;
  /** Stored papers named by new-style arXiv ids. */
  papers: { id: number; arxivId: string }[];
  /** Stored papers named by old-style ids (`math/9501234`). */
  oldStylePapers: string[];
  /** The reader's comments and bookmarks. */
  commentIds: number[];
  bookmarkIds: number[];
  /** The administrator's comments: the reader reports them; administrators dismiss reports and remove them. */
  adminCommentIds: number[];
  /** A verified account, neither the reader nor the admin, for an administrator to delete. */
  doomedId: number;
  /** Queued papers, new-style first, then old-style. */
  queued: string[];
  /** Papers arXiv knows and the queue does not hold yet. */
  toScrape: string[];
  categories: string[];
  /** Live tokens of the reader's digest unsubscribe links. */
  unsubscribeTokens: string[];
}

const PAPER_COUNT = 8;

/** Fills the app's database through its own API where one exists, else through its repos. */
export async function createRouteFixtures(target: TestApp): Promise<RouteFixtures> {
  const { app, handle } = target;
  await seedPapers(handle, PAPER_COUNT);
  const oldStylePapers = ['math/9501234', 'math/9501235'];
  for (const arxivId of oldStylePapers) {
    await addPaper(handle, { arxiv_id: arxivId, version: 1, submitted_date: '1995-01-10' });
  }
  const list = paperListSchema.parse((await app.inject(`/api/papers?limit=${PAPER_COUNT + 2}`)).json());
  const papers = list.papers
    .filter((paper) => !paper.arxivId.includes('/'))
    .map(({ id, arxivId }) => ({ id, arxivId }));

  const admin = await signedInAs(target, 'admin', ADMIN_EMAIL);
  const reader = await signedInAs(target, 'user', READER_EMAIL);
  const users = createUsersRepo(handle.db);
  const readerId = (await users.findByEmail(READER_EMAIL))?.id ?? 0;
  const victim = await users.insert({ name: 'Not Yet Verified', email: 'victim@example.org', passwordHash: 'x' });
  const doomed = await users.insert({ name: 'Doomed', email: 'doomed@example.org', passwordHash: 'x', verified: true });

  const created = async (cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await requestAs(app, cookie, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as { id: number };
  };
  const paperAt = (index: number) => papers[index] ?? { id: 0, arxivId: '' };
  const commentIds = [];
  const bookmarkIds = [];
  for (const paper of [paperAt(0), paperAt(1)]) {
    commentIds.push((await created(reader, 'POST', '/api/comments', { paperId: paper.id, text: '<p>Fine</p>' })).id);
    bookmarkIds.push((await created(reader, 'POST', `/api/bookmarks/${paper.arxivId}`)).id);
  }
  const adminCommentIds = [];
  for (const text of ['<p>Off topic</p>', '<p>Spam</p>']) {
    adminCommentIds.push((await created(admin, 'POST', '/api/comments', { paperId: paperAt(2).id, text })).id);
  }
  for (const arxivId of QUEUED) await created(admin, 'POST', '/api/admin/scrape', { arxivId });
  const categories = ['Mathematics', 'Disposable', 'Robotics'];
  for (const name of categories.slice(1)) await created(admin, 'POST', '/api/categories', { name });
  await created(reader, 'PUT', '/api/digest-subscription', { categories: ['Mathematics'] });
  const unsubscribeTokens = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
  for (const token of unsubscribeTokens) {
    await createDigestRepo(handle.db).addUnsubscribeToken(hashToken(token), readerId, new Date());
  }
  return {
    admin,
    reader,
    readerId,
    victimId: victim.id,
    papers,
    oldStylePapers,
    commentIds,
    bookmarkIds,
    adminCommentIds,
    doomedId: doomed.id,
    queued: QUEUED,
    toScrape: TO_SCRAPE,
    categories,
    unsubscribeTokens,
  };
}

/** A multipart/form-data body written out by hand, so that a test can also break it on purpose. */
export function multipartPayload(
  parts: { field: string; fileName?: string; type?: string; content: Buffer | string }[],
  boundary = `----fuzz${randomBytes(8).toString('hex')}`,
) {
  const chunks = parts.flatMap(({ field, fileName, type, content }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n` +
        `${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
