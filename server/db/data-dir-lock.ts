import path from 'node:path';
import BetterSqlite from 'better-sqlite3';

/** The file in DATA_DIR whose lock tells a restore that a process uses the database. */
export const DATA_DIR_LOCK_FILE = 'site.lock';

/** The lock is held the other way: a restore is under way, or a process uses the database a restore wants. */
export class DataDirLockedError extends Error {}

/**
 * Holds DATA_DIR's lock until the answered function is called: shared by every process that uses
 * the SQLite database (the site, a worker, a command), alone by a restore, which replaces the files.
 * It is SQLite's own lock on a small file of its own (an fcntl lock, taken without waiting), which the
 * kernel releases when the process ends, however it ends: a crash leaves no stale lock. It is not
 * taken on site.db, because in WAL mode an idle connection holds no lock there that another process
 * could see.
 */
function holdLock(dataDir: string, mode: 'shared' | 'exclusive', refusal: string): () => void {
  const lock = new BetterSqlite(path.join(dataDir, DATA_DIR_LOCK_FILE), { timeout: 0 });
  try {
    // A read transaction holds SHARED until it ends; an exclusive one needs every other lock gone.
    if (mode === 'exclusive') lock.exec('begin exclusive');
    else {
      lock.exec('begin');
      lock.prepare('select count(*) from sqlite_schema').get();
    }
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new DataDirLockedError(refusal);
    throw error;
  }
  // Closing ends the transaction, which releases the lock.
  return () => lock.close();
}

/** For a process that opens the database; refused while a restore is under way. */
export function shareDataDir(dataDir: string): () => void {
  return holdLock(
    dataDir,
    'shared',
    `a restore is replacing the database in ${dataDir}; start again once it has finished.`,
  );
}

/** For a restore; refused while any process has the database open. */
export function takeDataDirAlone(dataDir: string): () => void {
  return holdLock(
    dataDir,
    'exclusive',
    `The database in ${dataDir} is in use: the site, a worker or a command (such as npm run import) has it open. Stop it, then restore.`,
  );
}
