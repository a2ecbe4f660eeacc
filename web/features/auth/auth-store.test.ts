import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../common/users.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { USER_STORAGE_KEY } from '../../lib/storage-keys.js';
import { deferred, makeUser } from '../../test/fake-api.js';
import { type AuthStore, createAuthStore, useAuth } from './auth-store.js';

const alice = makeUser({ name: 'Alice Liddell', email: 'alice@example.org' });
const admin = makeUser({ name: 'Ada Admin', role: 'admin' });

function fakeApi(check: () => Promise<{ user: PublicUser | null }>) {
  return {
    check: vi.fn(check),
    login: vi.fn(async () => ({ user: alice, message: 'Login successful.' })),
    logout: vi.fn(async () => ({ message: 'Logged out.' })),
  };
}

/** A check that fails: the server is down (a visitor who is not signed in is no failure). */
const unavailable = () => Promise.reject(new ApiRequestError(503, 'unavailable', 'The service is unavailable.'));
/** What the server answers a visitor who is not signed in. */
const signedOut = () => Promise.resolve({ user: null });
const stored = () => localStorage.getItem(USER_STORAGE_KEY);

/** The storage event another tab's write fires in this one. */
function otherTabWrites(newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY, newValue }));
}

let stores: AuthStore[] = [];
function track(store: AuthStore): AuthStore {
  stores.push(store);
  return store;
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  vi.restoreAllMocks();
});

describe('auth store', () => {
  it('starts unknown with the local copy of the user, then checks with the server', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(alice));
    const answer = deferred<{ user: PublicUser }>();
    const api = fakeApi(() => answer.promise);
    const store = track(createAuthStore(api));
    expect(store.getState()).toEqual({ status: 'unknown', user: alice });

    const { result } = renderHook(() => useAuth(store));
    expect(api.check).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ status: 'unknown', isLoggedIn: true, isAdmin: false });

    const renamed = { ...alice, name: 'Alice P. Liddell' };
    await act(async () => answer.resolve({ user: renamed }));
    expect(result.current).toMatchObject({ status: 'loggedIn', user: renamed, isLoggedIn: true });
    expect(JSON.parse(stored() ?? 'null')).toEqual(renamed);
  });

  it('clears the local user and logs when the check fails', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(alice));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = track(createAuthStore(fakeApi(unavailable)));
    const { result } = renderHook(() => useAuth(store));
    await act(async () => {});
    expect(result.current).toMatchObject({ status: 'loggedOut', user: null, isLoggedIn: false, isAdmin: false });
    expect(stored()).toBeNull();
    expect(logged).toHaveBeenCalledWith('auth.check error', expect.any(ApiRequestError));
  });

  it('treats a network failure of the check as signed out too', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(admin));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi(() => Promise.reject(new ApiRequestError(0, 'network_error', 'Failed to fetch')));
    const store = track(createAuthStore(api));
    await store.check();
    expect(store.getState()).toEqual({ status: 'loggedOut', user: null });
    expect(stored()).toBeNull();
  });

  it('does not call a signed-out visitor an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = track(createAuthStore(fakeApi(signedOut)));
    await store.check();
    expect(store.getState().status).toBe('loggedOut');
    expect(logged).not.toHaveBeenCalled();
  });

  it('ignores a stored value that is not a user', () => {
    localStorage.setItem(USER_STORAGE_KEY, '{"oops":');
    expect(track(createAuthStore(fakeApi(signedOut))).getState().user).toBeNull();
  });

  it('signs in, tells every subscriber and keeps the local copy', async () => {
    const store = track(createAuthStore(fakeApi(signedOut)));
    await store.check();
    const listener = vi.fn();
    store.subscribe(listener);
    const user = await store.login({ email: 'alice@example.org', password: 'correct horse', locale: 'en' });
    expect(user).toEqual(alice);
    expect(store.getState()).toEqual({ status: 'loggedIn', user: alice });
    expect(listener).toHaveBeenCalled();
    expect(JSON.parse(stored() ?? 'null')).toEqual(alice);
  });

  it('does not let a late check answer undo a sign-in', async () => {
    const answer = deferred<{ user: PublicUser | null }>();
    const store = track(createAuthStore(fakeApi(() => answer.promise)));
    const checking = store.check();
    await store.login({ email: 'alice@example.org', password: 'correct horse', locale: 'en' });
    answer.resolve({ user: null });
    await checking;
    expect(store.getState()).toEqual({ status: 'loggedIn', user: alice });
  });

  it('logs out: posts to the server, clears the local user and tells subscribers', async () => {
    const api = fakeApi(async () => ({ user: alice }));
    const store = track(createAuthStore(api));
    await store.check();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.logout();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ status: 'loggedOut', user: null });
    expect(stored()).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('logs out locally even when the request fails, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi(async () => ({ user: alice }));
    api.logout.mockRejectedValueOnce(new ApiRequestError(0, 'network_error', 'Failed to fetch'));
    const store = track(createAuthStore(api));
    await store.check();
    await store.logout();
    expect(store.getState().status).toBe('loggedOut');
    expect(stored()).toBeNull();
    expect(logged).toHaveBeenCalledWith('logout request failed', expect.any(ApiRequestError));
  });

  it('follows a sign-out and a sign-in made in another tab', async () => {
    const store = track(createAuthStore(fakeApi(async () => ({ user: alice }))));
    const { result } = renderHook(() => useAuth(store));
    await act(async () => {});
    expect(result.current.status).toBe('loggedIn');

    act(() => otherTabWrites(null));
    expect(result.current).toMatchObject({ status: 'loggedOut', user: null });

    act(() => otherTabWrites(JSON.stringify(admin)));
    expect(result.current).toMatchObject({ status: 'loggedIn', user: admin, isAdmin: true });
  });

  it('broadcasts a logout to the other tabs through the user key', async () => {
    // Two tabs share localStorage; jsdom fires no storage event for its own writes, so the test
    // hands the written value to the other tab as the browser would.
    const tabA = track(createAuthStore(fakeApi(async () => ({ user: alice }))));
    const tabB = track(createAuthStore(fakeApi(async () => ({ user: alice }))));
    await Promise.all([tabA.check(), tabB.check()]);
    tabB.subscribe(() => {});

    await tabA.logout();
    otherTabWrites(stored());
    expect(tabB.getState()).toEqual({ status: 'loggedOut', user: null });
  });

  it('asks the server again when another tab clears the whole storage', async () => {
    const api = fakeApi(async () => ({ user: alice }));
    const store = track(createAuthStore(api));
    store.subscribe(() => {});
    await act(async () => {});
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(api.check).toHaveBeenCalledTimes(2);
  });
});
