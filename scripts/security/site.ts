import { randomBytes } from 'node:crypto';
import { paperListSchema } from '../../common/papers.js';
import { CLIENT_ROUTES } from '../../common/routes.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import { createPasswordHasher } from '../../server/modules/auth/passwords.js';
import { createUsersRepo } from '../../server/modules/users/repo.js';
import { WEB_DIST_DIR } from '../../server/paths.js';
import { createServices } from '../../server/services.js';
import { openDatabase } from '../../server/startup.js';
import { RECORDED_BY_ID, startFakeArxiv } from '../../server/test/fake-arxiv.js';
import { addPaper } from '../../server/test/papers.js';
import { type RegisteredRoute, routeCollector } from '../../server/test/routes.js';
import { storedSessionCookie } from '../../server/test/stored-session.js';
import { RENDERED_PARAMS } from '../../server/web-render.js';
import { freePort, startDemoServer } from '../lib/production-server.js';
import type { RowSet, ScanFixtures } from './examples.js';
import { type ScanProxy, startScanProxy } from './proxy.js';
import { type McpTool, pageScanRoutes, type Role, type ScanRoute, serverScanRoutes } from './routes.js';
import { type ScanAddress, TEXT_SAFE_GIF } from './sqlmap.js';

type SignedInRole = Exclude<Role, 'visitor'>;

const PASSWORD = 'scan password phrase';
const accountEmail = (role: SignedInRole, index: number) => `scan-${role}-${index}@example.org`;

/** Papers the fake arXiv has recorded answers for, queued by scraping them: the shared one, the reader's, the admin's. */
const QUEUED_NEW_STYLE = ['1605.08386', '1707.08567', '2104.12255'];
const QUEUED_OLD_STYLE = ['astro-ph/0601001', 'hep-ex/0406020', 'quant-ph/0201082'];
/** Left for the scrape route's scans to queue. */
const TO_SCRAPE = '1111.2011';
/** Stored papers named by old-style ids (the demo papers are all new-style): the shared one, the reader's, the admin's. */
const OLD_STYLE_PAPERS = ['math/9501234', 'math/9501235', 'math/9501236'];

export interface ScanSite {
  proxy: ScanProxy;
  /** Where scanners send requests, and the Origin the site takes for its own. */
  address: ScanAddress;
  routes: ScanRoute[];
  fixtures: ScanFixtures;
  /** Signs a role's account in again when a scan ended its session; true when it had to. */
  keepSignedIn(role: SignedInRole): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The production build on a fresh SQLite data directory with the demo papers, behind the scan proxy
 * (its public address: PUBLIC_URL, so the server accepts the site's own Origin from scanners),
 * trusting X-Forwarded-For from loopback only, with a local fake arXiv for the scraper. Seeded with
 * `accounts` verified readers and as many admins, written to the database as the tests write
 * theirs, then signed in over HTTP; and with the rows the routes' example inputs name.
 */
export async function startScanSite(accounts: number): Promise<ScanSite> {
  const arxiv = await startFakeArxiv();
  const serverPort = await freePort();
  const proxy = await startScanProxy(`http://127.0.0.1:${serverPort}`);
  const env = {
    PORT: String(serverPort),
    // Known to the scan, which signs the sessions it writes for all accounts but the first.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: 'loopback',
    ARXIV_API_URL: arxiv.url,
    ARXIV_PDF_URL: new URL('/pdf', arxiv.url).href,
    // Whatever the caller's environment holds, the scanned site uses SQLite and its own memory,
    // writes mail to its outbox, and calls no model: nothing of the scan reaches another service.
    ...Object.fromEntries(
      ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'LLM_BASE_URL', 'EMBEDDINGS_BASE_URL'].map((name) => [name, '']),
    ),
  };
  let server: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  try {
    server = await startDemoServer(env, ['--role=web']);
    const seeded = await seedDatabase(server.dataDir, env, accounts);
    const site = await prepareOverHttp(proxy, seeded.sessions);
    const mcpTools = await listMcpTools(proxy);
    const routes = [...serverScanRoutes(seeded.routes, mcpTools), ...pageScanRoutes(CLIENT_ROUTES, RENDERED_PARAMS)];
    const running = server;
    return {
      proxy,
      address: { host: proxy.host, origin: proxy.url },
      routes,
      fixtures: site.fixtures,
      keepSignedIn: site.keepSignedIn,
      async close() {
        await running.stop();
        await proxy.close();
        await arxiv.close();
      },
    };
  } catch (error) {
    await server?.stop();
    await proxy.close();
    await arxiv.close();
    throw error;
  }
}

/**
 * Writes the accounts and the old-style papers straight to the server's database, with a session
 * for every account but each role's first (signed in over HTTP), and lists the routes the app
 * registers (an app built on the same database, never listening).
 */
async function seedDatabase(
  dataDir: string,
  env: Record<string, string>,
  accounts: number,
): Promise<{ routes: RegisteredRoute[]; sessions: Record<SignedInRole, string[]> }> {
  const config = loadConfig({ ...env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  const handle = await openDatabase(config, log);
  const services = createServices({ config, handle, log });
  try {
    const collected = routeCollector();
    const app = await buildApp({ services, webDir: WEB_DIST_DIR, onRoute: collected.onRoute });
    await app.close();
    const passwordHash = await createPasswordHasher().hash(PASSWORD);
    const users = createUsersRepo(handle.db);
    const sessions: Record<SignedInRole, string[]> = { reader: [], admin: [] };
    for (const role of ['reader', 'admin'] as const) {
      for (let index = 0; index < accounts; index += 1) {
        const user = await users.insert({
          name: `Scan ${role} ${index}`,
          email: accountEmail(role, index),
          passwordHash,
          role: role === 'admin' ? 'admin' : 'user',
          verified: true,
        });
        if (index > 0) sessions[role].push(await storedSessionCookie(handle, user.id, env.SESSION_SECRET ?? ''));
      }
    }
    for (const arxivId of OLD_STYLE_PAPERS) {
      await addPaper(handle, { arxiv_id: arxivId, version: 1, submitted_date: '1995-01-10' });
    }
    return { routes: collected.routes, sessions };
  } finally {
    await services.close();
    await handle.close();
  }
}

interface Answer {
  status: number;
  body: unknown;
  cookie: string | null;
}

/** One request to the site as a browser on it sends it: its own Origin, the session cookie if any. */
async function call(
  proxy: ScanProxy,
  method: string,
  path: string,
  cookie: string | null,
  body?: object | FormData,
): Promise<Answer> {
  const headers: Record<string, string> = { origin: proxy.url, accept: 'application/json, text/event-stream' };
  if (cookie) headers.cookie = cookie;
  if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const response = await fetch(`${proxy.url}${path}`, {
    method,
    headers,
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  });
  const text = await response.text();
  const sid = response.headers.getSetCookie().find((line) => line.startsWith('sid='));
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a page or a file: kept as text
  }
  return { status: response.status, body: parsed, cookie: sid ? (sid.split(';')[0] ?? null) : null };
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<Answer> {
  const { status, body, cookie } = await answer;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { status, body, cookie };
}

const idOf = (answer: Answer) => (answer.body as { id: number }).id;

async function signIn(proxy: ScanProxy, email: string): Promise<{ cookie: string; userId: number }> {
  const answer = await expectOk(
    call(proxy, 'POST', '/api/auth/login', null, { email, password: PASSWORD }),
    `sign-in of ${email}`,
  );
  if (!answer.cookie) throw new Error(`the sign-in of ${email} set no session cookie`);
  return { cookie: answer.cookie, userId: (answer.body as { user: { id: number } }).user.id };
}

/**
 * Signs each role's first account in over HTTP, after which come the sessions written for the
 * others; then creates through the API the rows the scans' inputs name.
 */
async function prepareOverHttp(proxy: ScanProxy, stored: Record<SignedInRole, string[]>) {
  let readerId = 0;
  for (const role of ['reader', 'admin'] as const) {
    const first = await signIn(proxy, accountEmail(role, 0));
    proxy.sessions[role] = [first.cookie, ...stored[role]];
    if (role === 'reader') readerId = first.userId;
  }
  const reader = proxy.sessions.reader[0] ?? null;
  const admin = proxy.sessions.admin[0] ?? null;

  const list = paperListSchema.parse(
    (await expectOk(call(proxy, 'GET', '/api/papers?limit=20', null), 'the paper list')).body,
  );
  const categories = (await expectOk(call(proxy, 'GET', '/api/categories', null), 'the categories')).body as string[];
  const paperAt = (index: number) => list.papers[index]?.arxivId ?? '';
  const queue = async (arxivId: string) => {
    if (!RECORDED_BY_ID[arxivId]) throw new Error(`the fake arXiv has no recorded answer for ${arxivId}`);
    await expectOk(call(proxy, 'POST', '/api/admin/scrape', admin, { arxivId }), `scraping ${arxivId}`);
    return arxivId;
  };
  const comment = async (cookie: string | null) =>
    idOf(
      await expectOk(
        call(proxy, 'POST', '/api/comments', cookie, { paperId: list.papers[0]?.id, text: '<p>Noted.</p>' }),
        'a comment',
      ),
    );
  const bookmark = async (cookie: string | null, arxivId: string) =>
    idOf(await expectOk(call(proxy, 'POST', `/api/bookmarks/${arxivId}`, cookie), `a bookmark of ${arxivId}`));

  /**
   * The rows of the shared set (0), the reader's (1) and the admin's (2), each owned by whom may
   * delete it. The shared paper is bookmarked by both, so that their bookmark lookups find one; a
   * disposable bookmark is on another paper than the one its role's scan deletes.
   */
  const rowSet = async (index: number, owner: string | null, category: string): Promise<RowSet> => {
    if (index > 0) {
      await expectOk(call(proxy, 'POST', '/api/categories', admin, { name: category }), `category ${category}`);
    }
    return {
      paper: paperAt(index === 0 ? 0 : 10 + index),
      oldStylePaper: OLD_STYLE_PAPERS[index] ?? '',
      category,
      commentId: await comment(owner),
      bookmarkId: await bookmark(owner, paperAt(index === 0 ? 0 : 13 + index)),
      queued: await queue(QUEUED_NEW_STYLE[index] ?? ''),
      queuedOldStyle: await queue(QUEUED_OLD_STYLE[index] ?? ''),
    };
  };
  const shared = await rowSet(0, reader, categories[0] ?? '');
  await bookmark(admin, shared.paper);
  for (const cookie of [reader, admin]) await bookmark(cookie, shared.oldStylePaper);
  const disposable = {
    reader: await rowSet(1, reader, 'Disposable reader'),
    admin: await rowSet(2, admin, 'Disposable admin'),
  };
  /** An unverified account signed up over HTTP: its id, from the admin's list (the sign-up's answer names none). */
  const unverifiedAccount = async (email: string): Promise<number> => {
    await expectOk(
      call(proxy, 'POST', '/api/auth/signup', null, { name: 'Not Yet Verified', email, password: PASSWORD }),
      `the sign-up of ${email}`,
    );
    const unverified = await expectOk(
      call(proxy, 'GET', '/api/users?verified=false&limit=50', admin),
      'the unverified accounts',
    );
    const account = (unverified.body as { users: { id: number; email: string }[] }).users.find(
      (user) => user.email === email,
    );
    if (!account) throw new Error(`${email} is not in the admin list`);
    return account.id;
  };
  const victimId = await unverifiedAccount('scan-victim@example.org');
  const doomedUserId = await unverifiedAccount('scan-doomed@example.org');
  const reportedCommentId = await comment(admin);
  const image = new FormData();
  image.append('image', new Blob([TEXT_SAFE_GIF], { type: 'image/gif' }), 'scan.gif');
  const upload = await expectOk(call(proxy, 'POST', '/api/upload', reader, image), 'an image upload');
  const blogs = (await expectOk(call(proxy, 'GET', '/blogsFolder/en/blogs.json', null), 'the blog list')).body as {
    id: string;
  }[];

  const fixtures: ScanFixtures = {
    paperId: list.papers[0]?.id ?? 0,
    shared,
    disposable,
    toScrape: TO_SCRAPE,
    victimId,
    doomedUserId,
    reportedCommentId,
    readerId,
    uploadName:
      String((upload.body as { url: string }).url)
        .split('/')
        .at(-1) ?? '',
    blogSlug: blogs[0]?.id ?? '',
    emails: { visitor: accountEmail('reader', 0), reader: accountEmail('reader', 0), admin: accountEmail('admin', 0) },
    password: PASSWORD,
  };

  async function keepSignedIn(role: SignedInRole): Promise<boolean> {
    const check = await call(proxy, 'GET', '/api/auth/check', proxy.sessions[role][0] ?? null);
    const wanted = role === 'admin' ? 'admin' : 'user';
    if ((check.body as { user: { role: string } | null }).user?.role === wanted) return false;
    proxy.sessions[role][0] = (await signIn(proxy, accountEmail(role, 0))).cookie;
    return true;
  }
  return { fixtures, keepSignedIn };
}

async function listMcpTools(proxy: ScanProxy): Promise<McpTool[]> {
  const answer = await expectOk(
    call(proxy, 'POST', '/api/mcp', null, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    'the MCP tool list',
  );
  return (answer.body as { result: { tools: McpTool[] } }).result.tools;
}
