import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { SQLITE_FILE } from '../db/connect.js';
import { shareDataDir } from '../db/data-dir-lock.js';
import { UPLOADS_FOLDER } from '../paths.js';
import { BackupRefusal, fileProblem, postgresAdvice } from './refusal.js';
import { appliedMigrations } from './site-database.js';
import { createTarWriter } from './tar.js';

/**
 * Pages the online backup copies per step: all of them, in one step. Between steps SQLite restarts
 * a backup whenever another process wrote to the database, so a backup taken in steps of a site that
 * writes all the time may never finish; one step reads one consistent snapshot, and in WAL mode the
 * site keeps writing meanwhile.
 */
const ALL_PAGES = 0x7fffffff;

export interface BackupOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** The archive to write. */
  file: string;
  /** Replace the file if it exists. */
  force?: boolean;
}

export interface BackupSummary {
  file: string;
  databaseBytes: number;
  /** The newest migration the database has. */
  migration: string | null;
  images: number;
  imageBytes: number;
  /** Images the database lists that were not in DATA_DIR/uploads. */
  missingImages: string[];
}

function refuseUnwritableTarget(file: string, force: boolean): void {
  if (!existsSync(file)) return;
  if (statSync(file).isDirectory()) {
    throw new BackupRefusal(`${file} is a folder; name the archive to write, such as ${path.join(file, 'site.tar')}.`);
  }
  if (!force) throw new BackupRefusal(`${file} exists; pass --force to replace it.`);
}

/** The database as it stood at one moment, copied while the site serves and writes, into a file of its own. */
async function snapshotDatabase(databaseFile: string, snapshotFile: string): Promise<void> {
  const source = new BetterSqlite(databaseFile, { fileMustExist: true });
  try {
    await source.backup(snapshotFile, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  // The copy keeps the WAL flag of its source; without it the file is whole alone, opened anywhere.
  const copy = new BetterSqlite(snapshotFile);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** The newest migration and the uploaded images the snapshot lists, checking that it is the site's database. */
function readSnapshot(snapshotFile: string): { migration: string | null; imageNames: string[] } {
  const snapshot = new BetterSqlite(snapshotFile, { readonly: true });
  try {
    const migrations = appliedMigrations(snapshot);
    if (!migrations)
      throw new BackupRefusal('The database in DATA_DIR is not this site’s: it has no migrations table.');
    const rows = snapshot.prepare('select file_name from uploads order by file_name').all() as { file_name: string }[];
    return { migration: migrations.at(-1) ?? null, imageNames: rows.map((row) => row.file_name) };
  } finally {
    snapshot.close();
  }
}

/**
 * Writes a tar archive of DATA_DIR's SQLite database (`site.db`, a consistent snapshot taken while
 * the site runs) and the uploaded images its `uploads` table lists (`uploads/`). The snapshot comes
 * first: an image's file is written before its row, so every image the snapshot lists is on disk.
 * The archive appears under its name only when whole.
 */
export async function backupDataDir({
  dataDir,
  databaseUrl,
  file,
  force = false,
}: BackupOptions): Promise<BackupSummary> {
  if (databaseUrl) throw postgresAdvice('backup', file);
  const target = path.resolve(file);
  refuseUnwritableTarget(target, force);
  const databaseFile = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(databaseFile)) throw new BackupRefusal(`There is no database at ${databaseFile}; check DATA_DIR.`);

  const temporary = `${target}.${randomBytes(6).toString('hex')}`;
  const releaseDataDir = shareDataDir(dataDir);
  const archive = await open(`${temporary}.part`, 'wx').catch((error: unknown) => {
    releaseDataDir();
    throw fileProblem(error, `Cannot write ${file}`);
  });
  try {
    await snapshotDatabase(databaseFile, `${temporary}.db`);
    const { migration, imageNames } = readSnapshot(`${temporary}.db`);
    const tar = createTarWriter(archive);
    const databaseBytes = await tar.addFile(SQLITE_FILE, `${temporary}.db`);
    await tar.addDirectory(UPLOADS_FOLDER);
    const missingImages: string[] = [];
    let imageBytes = 0;
    for (const name of imageNames) {
      const imageFile = path.join(dataDir, UPLOADS_FOLDER, name);
      if (existsSync(imageFile)) imageBytes += await tar.addFile(`${UPLOADS_FOLDER}/${name}`, imageFile);
      else missingImages.push(name);
    }
    await tar.finish();
    await archive.sync();
    await archive.close();
    await rename(`${temporary}.part`, target);
    return {
      file: target,
      databaseBytes,
      migration,
      images: imageNames.length - missingImages.length,
      imageBytes,
      missingImages,
    };
  } catch (error) {
    await archive.close().catch(() => {});
    await rm(`${temporary}.part`, { force: true });
    throw fileProblem(error, `Cannot write ${file}`);
  } finally {
    releaseDataDir();
    await rm(`${temporary}.db`, { force: true });
  }
}
