import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DataDirLockedError, takeDataDirAlone } from '../db/data-dir-lock.js';
import { createLogger } from '../logger.js';
import { openDatabase } from '../startup.js';
import { startupFailureMessage } from '../startup-failure.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { runCliCommand } from '../test/cli-command.js';
import { backupDataDir } from './backup.js';
import { BackupRefusal } from './refusal.js';
import { restoreDataDir } from './restore.js';
import { createTarWriter, extractEntry, readTarEntries } from './tar.js';

const workDir = mkdtempSync(path.join(tmpdir(), 'site-backup-refusals-'));
const at = (name: string) => path.join(workDir, name);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A tar archive of the given entries: a file's contents come from a path. */
async function writeArchive(file: string, entries: [string, string][]): Promise<void> {
  const target = await open(file, 'w');
  const tar = createTarWriter(target);
  for (const [name, source] of entries) await tar.addFile(name, source);
  await tar.finish();
  await target.close();
}

describe('backup and restore refusals', () => {
  let source: TestApp;
  const sourceDir = at('serving');
  const targetDir = at('target');
  const archive = at('good.tar');
  const snapshot = at('good.db');

  beforeAll(async () => {
    source = await startTestApp({ name: 'sqlite', env: { DATA_DIR: sourceDir }, dispose: async () => {} });
    await backupDataDir({ dataDir: sourceDir, databaseUrl: null, file: archive });
    const handle = await open(archive, 'r');
    const [database] = await readTarEntries(handle);
    if (!database) throw new Error('empty archive');
    await extractEntry(handle, database, snapshot);
    await handle.close();
    // A DATA_DIR holding a restored site, which every refused restore below must leave as it is.
    await restoreDataDir({ dataDir: targetDir, databaseUrl: null, file: archive });
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('refuses to restore into the DATA_DIR of a running site, which goes on serving', async () => {
    const run = await runCliCommand('restore', [archive], { DATA_DIR: sourceDir });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`The database in ${sourceDir} is in use`);
    expect(run.output).not.toMatch(/\n\s+at /);
    expect((await source.app.inject('/api/health/ready')).statusCode).toBe(200);
    expect(readdirSync(sourceDir).filter((name) => name.startsWith('.restore-') || name === 'before-restore')).toEqual(
      [],
    );
  });

  it('refuses files that are not a whole backup of this version of the site, and changes nothing', async () => {
    writeFileSync(at('notes.txt'), 'not a backup');
    const truncated = readFileSync(archive).subarray(0, 4096);
    writeFileSync(at('truncated.tar'), truncated);
    await writeArchive(at('foreign.tar'), [
      ['site.db', snapshot],
      ['../escape.sh', at('notes.txt')],
    ]);
    await writeArchive(at('no-database.tar'), [['uploads/0123456789abcdef0123456789abcdef.png', at('notes.txt')]]);
    const other = new BetterSqlite(at('other.db'));
    other.exec('create table notes (text)');
    other.close();
    copyFileSync(snapshot, at('damaged.db'));
    const damaged = readFileSync(at('damaged.db'));
    damaged.fill(0xa5, 4096 * 3, 4096 * 6);
    writeFileSync(at('damaged.db'), damaged);
    copyFileSync(snapshot, at('newer.db'));
    const newer = new BetterSqlite(at('newer.db'));
    newer.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_future', '2099-01-01');
    newer.close();

    const before = sha256(path.join(targetDir, 'site.db'));
    const refusals: [string, RegExp][] = [
      ['notes.txt', /is not a backup of this site \(not a tar archive\)/],
      ['truncated.tar', /is not a backup of this site \(the archive ends inside site\.db\)/],
      ['foreign.tar', /holds \.\.\/escape\.sh, which a backup of this site does not/],
      ['no-database.tar', /holds no site\.db/],
      ['other.db', /is not a database of this site: it has no migrations table/],
      ['damaged.db', /holds a damaged database/],
      ['newer.db', /comes from a newer version of the site: its migration 9999_future is unknown/],
      ['missing.tar', /Cannot read .*missing\.tar/],
    ];
    for (const [name, reason] of refusals) {
      const restoring = restoreDataDir({ dataDir: targetDir, databaseUrl: null, file: at(name) });
      await expect(restoring, name).rejects.toThrow(BackupRefusal);
      await expect(restoring, name).rejects.toThrow(reason);
    }
    expect(sha256(path.join(targetDir, 'site.db'))).toBe(before);
    expect(readdirSync(targetDir).sort()).toEqual(['site.db', 'site.lock', 'uploads']);
    expect(existsSync(path.join(workDir, '..', 'escape.sh'))).toBe(false);
  });

  it('takes a bare SQLite database too, keeping the uploaded images and putting the replaced database aside', async () => {
    const restored = await restoreDataDir({ dataDir: targetDir, databaseUrl: null, file: snapshot });
    expect(restored).toMatchObject({ images: null, pending: [], replaced: path.join(targetDir, 'before-restore') });
    expect(readdirSync(path.join(targetDir, 'before-restore'))).toEqual(['site.db']);
    expect(readdirSync(targetDir).sort()).toEqual(['before-restore', 'site.db', 'site.lock', 'uploads']);
  });

  it('refuses to replace an existing backup unless told to, and to write into a missing folder', async () => {
    const env = { DATA_DIR: sourceDir };
    const before = sha256(archive);
    const refused = await runCliCommand('backup', [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(`${archive} exists; pass --force to replace it.`);
    expect(sha256(archive)).toBe(before);
    const forced = await runCliCommand('backup', [archive, '--force'], env);
    expect(forced.code, forced.output).toBe(0);
    const missing = at('no/such/folder/site.tar');
    await expect(backupDataDir({ dataDir: sourceDir, databaseUrl: null, file: missing })).rejects.toThrow(
      `Cannot write ${missing}: the folder does not exist.`,
    );
    await expect(backupDataDir({ dataDir: at('empty'), databaseUrl: null, file: at('x.tar') })).rejects.toThrow(
      /There is no database at .*site\.db; check DATA_DIR/,
    );
    expect(readdirSync(workDir).filter((name) => name.endsWith('.part') || name.endsWith('.db.part'))).toEqual([]);
  });

  it('names the PostgreSQL tools to use instead', async () => {
    const databaseUrl = 'postgres://site@db.internal/site';
    await expect(backupDataDir({ dataDir: workDir, databaseUrl, file: 'site.dump' })).rejects.toThrow(
      'pg_dump --format=custom --file=site.dump "$DATABASE_URL"',
    );
    await expect(restoreDataDir({ dataDir: workDir, databaseUrl, file: 'site.dump' })).rejects.toThrow(
      'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" site.dump',
    );
  });

  it('keeps the site from starting while a restore holds DATA_DIR, and says so', async () => {
    const release = takeDataDirAlone(targetDir);
    const config = loadConfig({ DATA_DIR: targetDir, SEED_DEMO: 'false' });
    try {
      const failure = await openDatabase(config, createLogger('silent')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DataDirLockedError);
      expect(startupFailureMessage(failure, config)).toBe(
        `Cannot start: a restore is replacing the database in ${targetDir}; start again once it has finished.`,
      );
    } finally {
      release();
    }
    const handle = await openDatabase(config, createLogger('silent'));
    await handle.close();
  });
});
