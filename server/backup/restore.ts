import { existsSync } from 'node:fs';
import { type FileHandle, link, mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { UPLOADED_IMAGE_NAME } from '../../common/html-policy.js';
import { SQLITE_FILE } from '../db/connect.js';
import { takeDataDirAlone } from '../db/data-dir-lock.js';
import { UPLOADS_FOLDER } from '../paths.js';
import { BackupRefusal, postgresAdvice } from './refusal.js';
import { type CheckedDatabase, checkSiteDatabase } from './site-database.js';
import { extractEntry, readTarEntries, type TarEntry, TarFormatError } from './tar.js';

/** Where a restore moves the database and images it replaces, until the next restore. */
export const REPLACED_FOLDER = 'before-restore';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'ascii');

export interface RestoreOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** A tar archive written by backupDataDir, or a bare SQLite database (such as sqlite3's .backup makes). */
  file: string;
}

export interface RestoreSummary extends CheckedDatabase {
  /** Images restored; null when the file was a bare database and DATA_DIR/uploads was left as it was. */
  images: number | null;
  /** Where the replaced database and images were moved; null when DATA_DIR had none. */
  replaced: string | null;
}

/** What the file holds: the database's entry, and the images' entries when it is an archive. */
interface Contents {
  database: TarEntry;
  images: TarEntry[] | null;
}

async function contentsOf(source: FileHandle, file: string): Promise<Contents> {
  const start = Buffer.alloc(SQLITE_MAGIC.length);
  await source.read(start, 0, start.length, 0);
  if (start.equals(SQLITE_MAGIC)) {
    const { size } = await source.stat();
    return { database: { name: SQLITE_FILE, type: 'file', size, offset: 0 }, images: null };
  }
  let entries: TarEntry[];
  try {
    entries = await readTarEntries(source);
  } catch (error) {
    if (!(error instanceof TarFormatError)) throw error;
    throw new BackupRefusal(
      `${file} is not a backup of this site (${error.message}): npm run backup writes a tar archive; an SQLite database file is taken too.`,
    );
  }
  const imagePrefix = `${UPLOADS_FOLDER}/`;
  const isImage = (entry: TarEntry) =>
    entry.type === 'file' &&
    entry.name.startsWith(imagePrefix) &&
    UPLOADED_IMAGE_NAME.test(entry.name.slice(imagePrefix.length));
  const isDatabase = (entry: TarEntry) => entry.type === 'file' && entry.name === SQLITE_FILE;
  const foreign = entries.find((entry) => !isImage(entry) && !isDatabase(entry) && entry.name !== imagePrefix);
  if (foreign) throw new BackupRefusal(`${file} holds ${foreign.name}, which a backup of this site does not.`);
  const database = entries.find(isDatabase);
  if (!database) throw new BackupRefusal(`${file} holds no ${SQLITE_FILE}: it is not a backup of this site.`);
  return { database, images: entries.filter(isImage) };
}

/** Writes the old database's WAL into its file, so that the copy kept aside is whole; a damaged one is kept as it is. */
function checkpoint(databaseFile: string): void {
  try {
    const db = new BetterSqlite(databaseFile, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    // Its -wal and -shm files are moved aside with it below.
  }
}

/**
 * Moves DATA_DIR's database and images into REPLACED_FOLDER and puts the staged ones in their place;
 * answers that folder, or null when there was nothing to move.
 * The database comes last, by a rename over the old file, so that it is replaced at once; its stale
 * -wal and -shm files go first, or SQLite would apply the old WAL to the new file.
 */
async function replace(dataDir: string, staging: string, withImages: boolean): Promise<string | null> {
  const replaced = path.join(dataDir, REPLACED_FOLDER);
  const databaseFile = path.join(dataDir, SQLITE_FILE);
  const uploads = path.join(dataDir, UPLOADS_FOLDER);
  const replacesDatabase = existsSync(databaseFile);
  const replacesImages = withImages && existsSync(uploads);
  if (replacesDatabase || replacesImages) {
    await rm(replaced, { recursive: true, force: true });
    await mkdir(replaced);
  }
  if (withImages) {
    if (replacesImages) await rename(uploads, path.join(replaced, UPLOADS_FOLDER));
    await rename(path.join(staging, UPLOADS_FOLDER), uploads);
  }
  if (replacesDatabase) {
    checkpoint(databaseFile);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(databaseFile + suffix)) {
        await rename(databaseFile + suffix, path.join(replaced, SQLITE_FILE + suffix));
      }
    }
    await link(databaseFile, path.join(replaced, SQLITE_FILE));
  }
  await rename(path.join(staging, SQLITE_FILE), databaseFile);
  return replacesDatabase || replacesImages ? replaced : null;
}

/**
 * Replaces DATA_DIR's SQLite database, and its uploaded images when the file is an archive, with a
 * backup's, after checking it; refused while any process has the database open. Everything is
 * written into a staging folder in DATA_DIR first, so a refusal or a failure changes nothing. The
 * next start runs the migrations this version has and the backup lacks.
 */
export async function restoreDataDir({ dataDir, databaseUrl, file }: RestoreOptions): Promise<RestoreSummary> {
  if (databaseUrl) throw postgresAdvice('restore', file);
  const source = await open(file, 'r').catch((error: unknown) => {
    throw new BackupRefusal(`Cannot read ${file}: ${(error as Error).message}`);
  });
  try {
    const contents = await contentsOf(source, file);
    await mkdir(dataDir, { recursive: true });
    const releaseDataDir = takeDataDirAlone(dataDir);
    const staging = await mkdtemp(path.join(dataDir, '.restore-'));
    try {
      await extractEntry(source, contents.database, path.join(staging, SQLITE_FILE));
      const checked = checkSiteDatabase(path.join(staging, SQLITE_FILE), file);
      if (contents.images) {
        await mkdir(path.join(staging, UPLOADS_FOLDER));
        for (const image of contents.images) await extractEntry(source, image, path.join(staging, image.name));
      }
      const replaced = await replace(dataDir, staging, contents.images !== null);
      return { ...checked, images: contents.images?.length ?? null, replaced };
    } finally {
      await rm(staging, { recursive: true, force: true });
      releaseDataDir();
    }
  } finally {
    await source.close();
  }
}
