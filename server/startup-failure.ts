import type { AppConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { isDatabaseUnavailable } from './db/errors.js';
import { MigrationFailedError } from './db/migrate.js';

type ErrorFields = { code?: unknown; syscall?: unknown; message?: unknown };

const fieldsOf = (error: unknown): ErrorFields => (typeof error === 'object' && error !== null ? error : {});

/** Where DATABASE_URL points, as an operator would name it. */
function postgresTarget(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    server: `${url.hostname || 'localhost'}:${url.port || '5432'}`,
    database: decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username),
    user: decodeURIComponent(url.username),
  };
}

function listenFailure(code: unknown, config: AppConfig): string | null {
  if (code === 'EADDRINUSE') return `port ${config.port} is already in use. Stop the other process or set PORT.`;
  if (code === 'EACCES') return `no permission to listen on port ${config.port}. Use a port above 1023 or set PORT.`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${config.host} is not an address of this machine. Set HOST to one (or 0.0.0.0).`;
  return null;
}

function databaseFailure(error: unknown, config: AppConfig): string | null {
  const { code, message, syscall } = fieldsOf(error);
  if (error instanceof DataDirLockedError) return error.message;
  if (syscall === 'mkdir')
    return `cannot create DATA_DIR ${config.dataDir} (${String(code)}). Set DATA_DIR to a directory this user may create and write.`;
  if (error instanceof MigrationFailedError) {
    return `${error.message.replace(/^Migration/, 'migration').replace(/\.?$/, '.')} The database is as it was before; fix the cause and start again.`;
  }
  if (config.databaseUrl) {
    const target = postgresTarget(config.databaseUrl);
    if (code === '3D000')
      return `database "${target.database}" does not exist on PostgreSQL at ${target.server}. Create it (createdb ${target.database}) or fix DATABASE_URL.`;
    if (code === '28P01' || code === '28000')
      return `PostgreSQL at ${target.server} refused user "${target.user}" (${String(message)}). Fix the user or password in DATABASE_URL.`;
    if (isDatabaseUnavailable(error))
      return `cannot reach PostgreSQL at ${target.server} (${typeof code === 'string' ? code : String(message)}). Start it or fix DATABASE_URL.`;
    return null;
  }
  if (typeof code === 'string' && (code.startsWith('SQLITE_') || code === 'EACCES' || code === 'EROFS'))
    return `cannot open the SQLite database in ${config.dataDir} (${code}: ${String(message)}). Check DATA_DIR and its permissions.`;
  return null;
}

/**
 * One line for a start-up failure an operator can fix (the port, the database, a migration), saying
 * what is wrong and what to do; null for anything else, which deserves its stack trace.
 */
export function startupFailureMessage(error: unknown, config: AppConfig): string | null {
  const { code, syscall } = fieldsOf(error);
  const reason = syscall === 'listen' ? listenFailure(code, config) : databaseFailure(error, config);
  return reason ? `Cannot start: ${reason}` : null;
}
