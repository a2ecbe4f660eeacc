/** A backup or restore that did not go ahead; its message says why and what to do, and is all a command prints. */
export class BackupRefusal extends Error {}

/** A file system error as an operator reads it: what could not be done where, and the system's code. */
export function fileProblem(error: unknown, what: string): BackupRefusal | unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return new BackupRefusal(`${what}: the folder does not exist.`);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new BackupRefusal(`${what}: no permission to write there (${code}).`);
  }
  if (code === 'ENOSPC') return new BackupRefusal(`${what}: the disk is full.`);
  return error;
}

/** What to run instead on PostgreSQL, where the database server holds the data and has its own tools. */
export function postgresAdvice(command: 'backup' | 'restore', file: string): BackupRefusal {
  const run =
    command === 'backup'
      ? `pg_dump --format=custom --file=${file} "$DATABASE_URL"`
      : `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`;
  const uploads =
    command === 'backup'
      ? 'and copy DATA_DIR/uploads (the uploaded images) beside it'
      : 'with the site stopped, and put the uploaded images back into DATA_DIR/uploads';
  return new BackupRefusal(
    `DATABASE_URL is set: the database is PostgreSQL, which npm run ${command} does not handle. Run\n  ${run}\n${uploads}.`,
  );
}
