import type { DbHandle } from '../../server/db/connect.js';
import { createPasswordHasher } from '../../server/modules/auth/passwords.js';
import { createUsersRepo } from '../../server/modules/users/repo.js';
import { storedSessionCookie } from '../../server/test/stored-session.js';
import { clientAddress } from './search-load.js';

export const READER_PASSWORD = 'a reader under load';

/** A virtual reader: a verified account, already signed in, reaching the site from its own address. */
export interface Reader {
  index: number;
  userId: number;
  email: string;
  /** The Cookie header of its current session. */
  cookie: string;
  /** What a proxy in front of the site says the reader's address is (X-Forwarded-For). */
  address: string;
}

/**
 * `count` verified readers written through the app's repositories before the servers start, each
 * with a session as a sign-in would leave it (a random id, stored hashed, in a cookie signed with
 * `sessionSecret`): readers come back signed in, and the run's sign-ins are the mix's own. One
 * password hash at the production cost serves every account, so sign-ins cost what they cost.
 * `runId` keeps the accounts, and so their per-account limits, apart from earlier runs'.
 */
export async function createReaders(
  handle: DbHandle,
  count: number,
  runId: string,
  sessionSecret: string,
): Promise<Reader[]> {
  const users = createUsersRepo(handle.db);
  const passwordHash = await createPasswordHasher().hash(READER_PASSWORD);
  const readers: Reader[] = [];
  for (let index = 0; index < count; index++) {
    const email = `reader-${runId}-${index}@load.example.org`;
    const user = await users.insert({ name: `Reader ${index}`, email, passwordHash, verified: true });
    readers.push({
      index,
      userId: user.id,
      email,
      cookie: await storedSessionCookie(handle, user.id, sessionSecret),
      address: clientAddress(index + 1),
    });
  }
  return readers;
}
