import { useSyncExternalStore } from 'react';
import { isAdmin as hasAdminRole, type Locale } from '../../../common/account-rules.js';
import type { PublicUser } from '../../../common/users.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { readStored, writeStored } from '../../lib/storage.js';
import { USER_STORAGE_KEY } from '../../lib/storage-keys.js';
import { sessionApi } from './api.js';

export type AuthStatus = 'unknown' | 'loggedIn' | 'loggedOut';

export interface AuthState {
  status: AuthStatus;
  user: PublicUser | null;
}

export interface Credentials {
  email: string;
  password: string;
  locale: Locale;
}

/**
 * What the server renders (it cannot see the local copy), and where a browser without one starts: the
 * same object, so that taking a rendered page over renders nothing again for a visitor.
 */
const UNKNOWN_STATE: AuthState = { status: 'unknown', user: null };

type AuthApi = typeof sessionApi;

export function parseStoredUser(json: string | null): PublicUser | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const { id, name, email, role } = value as Record<string, unknown>;
    const valid =
      typeof id === 'number' && typeof name === 'string' && typeof email === 'string' && typeof role === 'string';
    return valid ? (value as PublicUser) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user: 'unknown' until GET /auth/check answers (the local copy lets the header
 * render at once), then 'loggedIn' or 'loggedOut'. Every change reaches this page's subscribers and,
 * through the storage event on the `user` key, the site's other open tabs.
 */
export function createAuthStore(api: AuthApi = sessionApi) {
  const storedUser = parseStoredUser(readStored('localStorage', USER_STORAGE_KEY));
  let state: AuthState = storedUser ? { status: 'unknown', user: storedUser } : UNKNOWN_STATE;
  const listeners = new Set<() => void>();
  let started = false;
  let checking: Promise<void> | null = null;
  // Bumped by every change, so that a check answered after a sign-in or sign-out cannot undo it.
  let version = 0;

  function emit(user: PublicUser | null) {
    version++;
    state = { status: user ? 'loggedIn' : 'loggedOut', user };
    for (const listener of listeners) listener();
  }

  function record(user: PublicUser | null) {
    writeStored('localStorage', USER_STORAGE_KEY, user ? JSON.stringify(user) : null);
    emit(user);
  }

  function onStorage(event: StorageEvent) {
    if (event.storageArea && event.storageArea !== window.localStorage) return;
    // Another tab signed in or out: follow it without writing back.
    if (event.key === USER_STORAGE_KEY) emit(parseStoredUser(event.newValue));
    // Another tab cleared the whole storage: ask the server who is signed in.
    else if (event.key === null) void check();
  }

  function check(): Promise<void> {
    checking ??= (async () => {
      const asked = version;
      try {
        const { user } = await api.check();
        if (version === asked) record(user);
      } catch (error) {
        // Visitors get `user: null`; only a failed check lands here, and it signs the page out.
        if (version !== asked) return;
        logUnexpected('auth.check error', error);
        record(null);
      } finally {
        checking = null;
      }
    })();
    return checking;
  }

  function start() {
    if (started) return;
    started = true;
    window.addEventListener('storage', onStorage);
    void check();
  }

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
      };
    },
    /** Asks the server again; a failed check clears the local user. */
    check,
    /** POST /auth/login; answers the signed-in user or fails with the server's ApiRequestError. */
    async login(credentials: Credentials): Promise<PublicUser> {
      const { user } = await api.login(credentials);
      record(user);
      return user;
    },
    /** Records a user the server has just signed in (email verification). */
    signedIn(user: PublicUser) {
      record(user);
    },
    /** Records that the server has just signed this browser out (its account was deleted). */
    signedOut() {
      record(null);
    },
    /** POST /auth/logout, whose answer is not read; the local user is cleared whatever happens. */
    async logout(): Promise<void> {
      try {
        await api.logout();
      } catch (error) {
        logUnexpected('logout request failed', error);
      }
      record(null);
    },
    dispose() {
      window.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore: AuthStore = createAuthStore();

export interface Auth extends AuthState {
  isLoggedIn: boolean;
  isAdmin: boolean;
  login: AuthStore['login'];
  logout: AuthStore['logout'];
  signedIn: AuthStore['signedIn'];
  signedOut: AuthStore['signedOut'];
  refresh: AuthStore['check'];
}

const serverState = () => UNKNOWN_STATE;

/** The current user and the account actions; starts the auth check on first use. */
export function useAuth(store: AuthStore = authStore): Auth {
  const { status, user } = useSyncExternalStore(store.subscribe, store.getState, serverState);
  return {
    status,
    user,
    isLoggedIn: user !== null,
    isAdmin: hasAdminRole(user),
    login: store.login,
    logout: store.logout,
    signedIn: store.signedIn,
    signedOut: store.signedOut,
    refresh: store.check,
  };
}

/** Bookmarks wait for the server to confirm the sign-in: a stale local copy of the user has none. */
const readerIdOf = ({ status, user }: AuthState) => (status === 'loggedIn' && user ? user.id : null);

/**
 * The signed-in reader's id and whether the (local copy of the) user is an admin, as plain values: a
 * page that needs no more renders nothing again when the check answers that a visitor is signed out.
 */
export function useSignedInReader(store: AuthStore = authStore): { readerId: number | null; isAdmin: boolean } {
  const readerId = useSyncExternalStore(
    store.subscribe,
    () => readerIdOf(store.getState()),
    () => null,
  );
  const isAdmin = useSyncExternalStore(
    store.subscribe,
    () => hasAdminRole(store.getState().user),
    () => false,
  );
  return { readerId, isAdmin };
}
