import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../common/users.js';
import { initI18n } from '../../../lib/i18n.js';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { makeUser } from '../../../test/fake-api.js';
import { renderRoutes } from '../../../test/render.js';
import { type AuthStore, createAuthStore } from '../auth-store.js';
import { userInitials } from '../initials.js';
import { AccountArea } from './account-area.js';

const current = vi.hoisted(() => ({ store: null as AuthStore | null }));
vi.mock('../auth-store.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../auth-store.js')>();
  return { ...actual, useAuth: () => actual.useAuth(current.store ?? actual.authStore) };
});

const member = makeUser({ name: 'Mia van der Member', email: 'mia@example.org' });
const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin' });
let logout = vi.fn();

function signedInAs(user: PublicUser | null) {
  logout = vi.fn(async () => ({ message: 'Logged out.' }));
  current.store = createAuthStore({
    check: async () => ({ user }),
    login: vi.fn(),
    logout,
  });
}

async function renderHeader() {
  const view = renderRoutes([{ path: '/ai-digest', Component: AccountArea }], '/ai-digest');
  await act(async () => {});
  return view;
}

/**
 * The first press loads the menu's code and opens it; once loaded, the Radix trigger opens on
 * pointerdown or a key, so the test presses Enter (jsdom has no pointer events).
 */
async function openMenu(name: string) {
  const trigger = screen.getByRole('button', { name: `Account menu of ${name}` });
  if (trigger.hasAttribute('data-state')) fireEvent.keyDown(trigger, { key: 'Enter' });
  else fireEvent.click(trigger);
  return screen.findByRole('menu', undefined, { timeout: 5000 });
}

beforeAll(async () => {
  installDialogPolyfill();
  await initI18n();
  // Transforms the menu's code once, so that the first press does not wait for it.
  await import('./account-menu.js');
});
beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  current.store?.dispose();
  vi.restoreAllMocks();
});

describe('userInitials', () => {
  it('takes the first letters of the first and last names, else of the email', () => {
    expect(userInitials({ name: 'Mia van der Member', email: 'x@example.org' })).toBe('MM');
    expect(userInitials({ name: 'ada', email: 'x@example.org' })).toBe('A');
    expect(userInitials({ name: 'سارة أحمد', email: 'x@example.org' })).toBe('سأ');
    expect(userInitials({ name: '  ', email: 'zoe@example.org' })).toBe('Z');
  });
});

describe('AccountArea', () => {
  it('offers Sign in and Register to a visitor', async () => {
    signedInAs(null);
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/authenticate');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/authenticate?register');
  });

  it('shows the avatar from the local copy before the check answers', () => {
    localStorage.setItem('user', JSON.stringify(member));
    current.store = createAuthStore({ check: () => new Promise(() => {}), login: vi.fn(), logout: vi.fn() });
    renderRoutes([{ path: '/', Component: AccountArea }], '/');
    expect(screen.getByRole('button', { name: 'Account menu of Mia van der Member' }).textContent).toBe('MM');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it("opens a menu with the user's name and email, Account, My Bookmarks, Email digest and Logout", async () => {
    signedInAs(member);
    await renderHeader();
    const menu = await openMenu('Mia van der Member');
    expect(menu.textContent).toContain('Mia van der Member');
    expect(menu.textContent).toContain('mia@example.org');
    expect(screen.getByRole('menuitem', { name: 'My Bookmarks' }).getAttribute('href')).toBe('/bookmarks');
    expect(screen.getByRole('menuitem', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('menuitem', { name: 'Email digest' }).getAttribute('href')).toBe('/account#email-digest');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Admin Panel' })).toBeNull();
  });

  it('adds Admin Panel for an admin', async () => {
    signedInAs(admin);
    await renderHeader();
    await openMenu('Ada Admin');
    expect(screen.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
  });

  it('asks before logging out: Cancel keeps the user signed in, Logout signs out', async () => {
    signedInAs(member);
    await renderHeader();
    await openMenu('Mia van der Member');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(dialog.textContent).toContain('Are you sure you want to log out?');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logout).not.toHaveBeenCalled();
    expect(current.store?.getState().status).toBe('loggedIn');

    await openMenu('Mia van der Member');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy());
    expect(logout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('user')).toBeNull();
  });
});
