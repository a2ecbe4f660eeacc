import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_LIMIT } from '../../common/page-window.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest, migrationState } from '../db/migrate.js';
import { migrationsFor } from '../db/migrations/index.js';
import { createLogger } from '../logger.js';
import { seedPapers } from '../modules/ingest/seed.js';
import { openDatabase } from '../startup.js';
import { logIn, requestAs, sessionCookieOf, signedInAs, signUpVerified } from '../test/accounts.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { runCliCommand } from '../test/cli-command.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { TEST_IMAGES } from '../test/images.js';
import { useSmtpServer } from '../test/smtp.js';
import { restoreDataDir } from './restore.js';

const sqlite = testDatabaseKinds.find((kind) => kind.name === 'sqlite');
if (!sqlite) throw new Error('SQLite is always among the test databases');
const PAPERS = 150;
const WRITERS = 20;

/** A successful JSON answer, as a reader (or a visitor, without a cookie) gets it. */
async function answer(app: FastifyInstance, url: string, cookie: string | null = null): Promise<unknown> {
  const response = await requestAs(app, cookie, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** Every paper, page after page, as the API lists them. */
async function allPapers(app: FastifyInstance): Promise<unknown[]> {
  const papers: unknown[] = [];
  for (let page = 1; ; page++) {
    const list = (await answer(app, `/api/papers?page=${page}&limit=${MAX_PAGE_LIMIT}`)) as {
      papers: unknown[];
      pagination: { hasNextPage: boolean };
    };
    papers.push(...list.papers);
    if (!list.pagination.hasNextPage) return papers;
  }
}

async function uploadImage(app: FastifyInstance, cookie: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(TEST_IMAGES.png.bytes)], { type: 'image/png' }), 'chart.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { cookie, 'content-type': request.headers.get('content-type') ?? '' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url;
}

describe('a backup of a serving SQLite site, restored', () => {
  const smtp = useSmtpServer();
  const workDir = mkdtempSync(path.join(tmpdir(), 'site-backup-'));
  let database: TestDatabase;
  let source: TestApp;

  beforeAll(async () => {
    database = await sqlite.create();
    source = await startTestApp(database, { SMTP_URL: smtp.url });
    await seedPapers(source.handle, PAPERS);
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    await database?.dispose();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('serves the same papers, users, comments and images, and every bookmark acknowledged before the backup began', async () => {
    const { app } = source;
    const reader = await signUpVerified(app, smtp, 'reader@example.org');
    const admin = await signedInAs(source, 'admin', 'admin@example.org');
    const papers = (await allPapers(app)) as { id: number; arxivId: string }[];
    const [first, second] = papers;
    if (!first || !second) throw new Error('no papers seeded');
    const image = await uploadImage(app, reader);
    const comment = (cookie: string, paperId: number, text: string) =>
      requestAs(app, cookie, 'POST', '/api/comments', { paperId, text });
    expect((await comment(reader, first.id, `<p>See the chart</p><p><img src="${image}"></p>`)).statusCode).toBe(201);
    expect((await comment(admin, second.id, '<p>A <strong>fine</strong> paper.</p>')).statusCode).toBe(201);

    // Readers bookmark one paper after another, in a known order, while the backup runs.
    const writers = [];
    for (let index = 0; index < WRITERS; index++) {
      writers.push(await signedInAs(source, 'user', `writer${index}@example.org`));
    }
    const writes = writers.flatMap((cookie, writer) => papers.map((paper) => ({ writer, cookie, paper })));
    let acknowledged = 0;
    let backupEnded = false;
    const writing = (async () => {
      for (const { cookie, paper } of writes) {
        if (backupEnded) return;
        const response = await requestAs(app, cookie, 'POST', `/api/bookmarks/${paper.arxivId}`);
        expect(response.statusCode, response.body).toBe(201);
        acknowledged++;
        await sleep(2);
      }
      throw new Error('the writes ran out before the backup ended');
    })();
    while (acknowledged < 20) await sleep(5);
    const acknowledgedBeforeBackup = acknowledged;
    const archive = path.join(workDir, 'site.tar');
    const backup = await runCliCommand('backup', [archive], database.env);
    backupEnded = true;
    await writing;
    const acknowledgedWhenBackupEnded = acknowledged;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up .* the database \(.*\) and 1 uploaded images/);

    const restoredDir = path.join(workDir, 'restored');
    const restore = await runCliCommand('restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('It is up to date with this version.');
    const copy = await startTestApp({ name: 'sqlite', env: { DATA_DIR: restoredDir }, dispose: async () => {} });
    try {
      expect(await allPapers(copy.app)).toEqual(papers);
      for (const paper of [first, second]) {
        const detail = `/api/papers/${paper.arxivId}`;
        expect(await answer(copy.app, detail)).toEqual(await answer(app, detail));
        const comments = `/api/comments/${paper.id}`;
        expect(await answer(copy.app, comments)).toHaveLength(1);
        expect(await answer(copy.app, comments)).toEqual(await answer(app, comments));
      }
      const served = await copy.app.inject(image);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(TEST_IMAGES.png.bytes)).toBe(true);

      // Accounts come back with their passwords and roles.
      const restoredAdmin = sessionCookieOf(await logIn(copy.app, 'admin@example.org'));
      const users = '/api/users?limit=50';
      expect(await answer(copy.app, users, restoredAdmin)).toEqual(await answer(app, users, admin));

      // The bookmarks are the first writes in order, with no gap: one moment's snapshot.
      const restored = new Set<string>();
      for (let writer = 0; writer < WRITERS; writer++) {
        const cookie = sessionCookieOf(await logIn(copy.app, `writer${writer}@example.org`));
        const bookmarks = (await answer(copy.app, '/api/bookmarks', cookie)) as { arxivId: string }[];
        for (const { arxivId } of bookmarks) restored.add(`${writer} ${arxivId}`);
      }
      const snapshot = writes.slice(0, restored.size).map(({ writer, paper }) => `${writer} ${paper.arxivId}`);
      expect([...restored].sort()).toEqual(snapshot.sort());
      // Taken while the writes went on: later than the backup command started, earlier than it ended.
      expect(restored.size).toBeGreaterThan(acknowledgedBeforeBackup);
      // At most the write in flight when the snapshot was taken was not yet acknowledged.
      expect(restored.size).toBeLessThanOrEqual(acknowledgedWhenBackupEnded + 1);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('restores a database of an older version, which the next start brings up to date', async () => {
    const older = path.join(workDir, 'older');
    const names = Object.keys(migrationsFor('sqlite'));
    const newest = names.at(-1) ?? '';
    const handle = connectDatabase({ databaseUrl: null, dataDir: older });
    await migrateToLatest(
      handle,
      Object.fromEntries(Object.entries(migrationsFor('sqlite')).filter(([name]) => name !== newest)),
    );
    await handle.close();

    const target = path.join(workDir, 'upgraded');
    const restored = await restoreDataDir({ dataDir: target, databaseUrl: null, file: path.join(older, 'site.db') });
    expect(restored).toMatchObject({ migration: names.at(-2), pending: [newest], images: null, replaced: null });
    const started = await openDatabase(loadConfig({ DATA_DIR: target, SEED_DEMO: 'false' }), createLogger('silent'));
    try {
      expect(await migrationState(started)).toEqual({ newest, pending: [] });
    } finally {
      await started.close();
    }
  });
});
