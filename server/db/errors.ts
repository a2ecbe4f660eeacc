/** A unique constraint refused the write (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  );
}

// Socket errors of a connection that could not be made or was lost.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL: shutting down or starting (57P01-57P03), statement timeout (57014), too many connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
// node-postgres reports its own timeouts and lost connections without a code.
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable/i;

/**
 * The database cannot answer now but may soon: it is down, restarting, unreachable, overloaded, or a
 * statement ran out of time (SQLite: another process held the write lock too long). Such a failure is
 * the service's, not the request's; the request may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exceptions. SQLITE_BUSY and its extended codes: the lock wait ran out.
    if (/^08[0-9A-Z]{3}$/.test(code) || code.startsWith('SQLITE_BUSY')) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}
