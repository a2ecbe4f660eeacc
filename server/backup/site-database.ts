import BetterSqlite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { migrationsFor } from '../db/migrations/index.js';
import { BackupRefusal } from './refusal.js';

/** The names of the migrations a database has, oldest first; null when it has no migrations table. */
export function appliedMigrations(db: BetterSqlite.Database): string[] | null {
  const table = db
    .prepare("select 1 from sqlite_schema where type = 'table' and name = ?")
    .get(DEFAULT_MIGRATION_TABLE);
  if (!table) return null;
  const rows = db.prepare(`select name from "${DEFAULT_MIGRATION_TABLE}" order by name`).all() as { name: string }[];
  return rows.map((row) => row.name);
}

export interface CheckedDatabase {
  /** Its newest migration. */
  migration: string | null;
  /** This version's migrations it lacks, which the next start runs. */
  pending: string[];
}

const sqliteCode = (error: unknown) => String((error as { code?: unknown }).code ?? '');

/**
 * Checks that a file is a whole SQLite database of this site which this version can run: SQLite's
 * integrity check passes, it has the migrations table, and none of its migrations is newer than
 * this code. Refuses with what is wrong otherwise.
 */
export function checkSiteDatabase(file: string, source: string): CheckedDatabase {
  let db: BetterSqlite.Database | undefined;
  try {
    db = new BetterSqlite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupRefusal(`${source} could not be opened as a database: ${(error as Error).message}`);
  }
  try {
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    if (problems.join() !== 'ok') {
      throw new BackupRefusal(`${source} holds a damaged database: ${problems.slice(0, 3).join('; ')}`);
    }
    const applied = appliedMigrations(db);
    if (!applied) throw new BackupRefusal(`${source} is not a database of this site: it has no migrations table.`);
    const known = Object.keys(migrationsFor('sqlite'));
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new BackupRefusal(
        `${source} comes from a newer version of the site: its migration ${unknown.join(', ')} is unknown to this one. Upgrade the site, then restore.`,
      );
    }
    return { migration: applied.at(-1) ?? null, pending: known.filter((name) => !applied.includes(name)) };
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    const code = sqliteCode(error);
    if (code === 'SQLITE_NOTADB') throw new BackupRefusal(`${source} is not an SQLite database.`);
    if (code.startsWith('SQLITE_CORRUPT')) {
      throw new BackupRefusal(`${source} holds a damaged database: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    db.close();
  }
}
