import path from 'node:path';
import BetterSqlite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import * as sqliteVec from 'sqlite-vec';
import { makeDirectory } from '../make-directory.js';
import { shareDataDir } from './data-dir-lock.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** The SQLite database's file in DATA_DIR. */
export const SQLITE_FILE = 'site.db';

/**
 * Which database the options open, for an operator to read: the SQLite file's path, or PostgreSQL's
 * user, host and database, never the password.
 */
export function describeDatabase(options: Pick<DatabaseOptions, 'databaseUrl' | 'dataDir'>): string {
  if (!options.databaseUrl) return `SQLite ${path.join(options.dataDir, SQLITE_FILE)}`;
  const url = new URL(options.databaseUrl);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  return `PostgreSQL ${user}${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
}

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** SQLite: why the sqlite-vec extension could not be loaded (search then runs on full text alone). */
  sqliteVecProblem?: string;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** How long a query may wait for a PostgreSQL connection (a new one, or a free one from the pool). */
  databaseConnectTimeoutMs?: number;
  /** How long one PostgreSQL statement may run; 0 for no limit (migrations and seeding). */
  databaseStatementTimeoutMs?: number;
}

// COUNT(*) and bigint columns arrive as strings by default; our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const STATEMENT_CACHE_SIZE = 500;
// The client gives up on an answer a little after the server would have cancelled the statement, so
// that a server which stopped answering (a network partition) fails the request too.
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

/**
 * Kysely prepares every query anew; preparing costs more than running a small query, so statements
 * are kept by their SQL text (least recently used out first). Reuse is safe: better-sqlite3 runs each
 * statement to completion synchronously.
 */
function withStatementCache(sqlite: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      const statement = cached ?? sqlite.prepare(sql);
      if (cached) statements.delete(sql);
      else if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * SQLite as Kysely runs it, with two changes. Transactions begin IMMEDIATE: they take the write lock
 * at once, so a second process waits its turn (busy_timeout) instead of failing when its read turns
 * into a write. And DDL counts as transactional, which SQLite supports, so Kysely's Migrator runs
 * the pending migrations in one such transaction: processes starting at once migrate one after the
 * other, and a migration that fails leaves nothing behind.
 */
class SqliteImmediateDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }
  override createDriver(): Driver {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.config);
  }
  override createAdapter(): SqliteAdapter {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl(): boolean {
        return true;
      }
    })();
  }
}

function connectPostgres(options: DatabaseOptions & { databaseUrl: string }, log?: FastifyBaseLogger): DbHandle {
  const statementTimeoutMs = options.databaseStatementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    connectionTimeoutMillis: options.databaseConnectTimeoutMs ?? 0,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
      : {}),
  });
  // An idle connection that the server closes (a restart, an administrator) is reported here; without
  // a listener the event would end the process. The pool drops the client and opens another on demand.
  pool.on('error', (error) => log?.warn({ err: error }, 'an idle database connection was closed; it will be replaced'));
  // A connection closed while a query holds it (a restart under load) is reported on the client
  // itself, where the pool does not listen while the client is lent; without a listener the event
  // ends the process. The query fails and reports it; the pool drops the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (error) => log?.debug({ err: error }, 'a database connection in use was closed'));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: closeBoth(db, () => (pool.ended ? undefined : pool.end())) };
}

/**
 * Kysely's destroy() does nothing on a Kysely that never ran a query, and a later query would then
 * use the driver's connection after all; closing the connection itself too makes closed mean closed.
 * Closing twice closes once.
 */
function closeBoth(db: Kysely<Database>, closeConnection: () => unknown): () => Promise<void> {
  let closed: Promise<void> | null = null;
  return () => {
    closed ??= db.destroy().then(async () => {
      await closeConnection();
    });
    return closed;
  };
}

export function connectDatabase(options: DatabaseOptions, log?: FastifyBaseLogger): DbHandle {
  if (options.databaseUrl) return connectPostgres({ ...options, databaseUrl: options.databaseUrl }, log);
  makeDirectory(options.dataDir);
  // Held while the database is open, so that a restore cannot replace the files under this process.
  const releaseDataDir = shareDataDir(options.dataDir);
  let sqlite: BetterSqlite.Database;
  try {
    sqlite = new BetterSqlite(path.join(options.dataDir, SQLITE_FILE));
  } catch (error) {
    releaseDataDir();
    throw error;
  }
  // First, so that a process opening the file while another sets it up waits instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteImmediateDialect({ database: withStatementCache(sqlite) }) });
  const close = closeBoth(db, () => {
    sqlite.close();
    releaseDataDir();
  });
  return { db, dialect: 'sqlite', close, ...loadSqliteVec(sqlite) };
}

/** sqlite-vec ships a build per platform; where none loads, the site still serves, without vectors. */
function loadSqliteVec(sqlite: BetterSqlite.Database): Pick<DbHandle, 'sqliteVecProblem'> {
  try {
    sqliteVec.load(sqlite);
    return {};
  } catch (error) {
    return { sqliteVecProblem: `sqlite-vec could not be loaded: ${error instanceof Error ? error.message : error}` };
  }
}

/** Timestamps come back as Date from PostgreSQL and as ISO text from SQLite. */
export function toIso(value: string | Date): string {
  return typeof value === 'string' ? value : value.toISOString();
}
