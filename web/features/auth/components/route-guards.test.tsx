import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../../common/users.js';
import { changeLocale, initI18n } from '../../../lib/i18n.js';
import { deferred, makeUser } from '../../../test/fake-api.js';
import { renderRoutes } from '../../../test/render.js';
import { type AuthStore, createAuthStore } from '../auth-store.js';
import { RequireAdmin, RequireUser } from './route-guards.js';

// The guards read the app's store; each test gives them a store of its own whose check it answers.
const current = vi.hoisted(() => ({ store: null as AuthStore | null }));
vi.mock('../auth-store.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../auth-store.js')>();
  return { ...actual, useAuth: () => actual.useAuth(current.store ?? actual.authStore) };
});

const member = makeUser({ name: 'Mia Member' });
const admin = makeUser({ name: 'Ada Admin', role: 'admin' });

let answer = deferred<{ user: PublicUser | null }>();

function HomePage() {
  return <p>Home page</p>;
}
function SignInPage() {
  return <p>Sign-in page</p>;
}
function BookmarksPage() {
  return <p>Bookmarks page</p>;
}
function AdminPage() {
  return <p>Admin page</p>;
}
function UsersPage() {
  return <p>Users page</p>;
}

function routesAt(url: string) {
  return renderRoutes(
    [
      { path: '/', Component: HomePage },
      { path: '/authenticate', Component: SignInPage },
      { Component: RequireUser, children: [{ path: '/bookmarks', Component: BookmarksPage }] },
      {
        Component: RequireAdmin,
        children: [
          { path: '/admin', Component: AdminPage },
          { path: '/admin/users', Component: UsersPage },
        ],
      },
    ],
    url,
  );
}

async function answerCheck(user: PublicUser | null) {
  await act(async () => {
    answer.resolve({ user });
  });
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  localStorage.clear();
  answer = deferred();
  current.store = createAuthStore({
    check: () => answer.promise,
    login: vi.fn(),
    logout: vi.fn(),
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  current.store?.dispose();
  vi.restoreAllMocks();
});

describe('RequireUser', () => {
  it('waits for the auth check with a spinner, showing neither the page nor a redirect', async () => {
    localStorage.setItem('user', JSON.stringify(member));
    const { router } = routesAt('/bookmarks');
    expect(screen.getByRole('status').textContent).toContain('Checking your account...');
    expect(screen.queryByText('Bookmarks page')).toBeNull();
    expect(router.state.location.pathname).toBe('/bookmarks');
    await answerCheck(member);
    expect(screen.getByText('Bookmarks page')).toBeTruthy();
  });

  it('sends a visitor to /authenticate with the page to come back to', async () => {
    const { router } = routesAt('/bookmarks?sort=new');
    await answerCheck(null);
    expect(router.state.location.pathname).toBe('/authenticate');
    expect(router.state.location.state).toEqual({ redirectTo: '/bookmarks?sort=new' });
    expect(screen.getByText('Sign-in page')).toBeTruthy();
  });

  it('sends the user away when they log out on the page', async () => {
    const { router } = routesAt('/bookmarks');
    await answerCheck(member);
    expect(screen.getByText('Bookmarks page')).toBeTruthy();
    await act(() => current.store?.logout());
    expect(router.state.location.pathname).toBe('/authenticate');
  });
});

describe('RequireAdmin', () => {
  it.each(['/admin', '/admin/users'])('opens %s for an admin after the check', async (url) => {
    localStorage.setItem('user', JSON.stringify(admin));
    const { router } = routesAt(url);
    expect(screen.getByRole('status')).toBeTruthy();
    await answerCheck(admin);
    expect(router.state.location.pathname).toBe(url);
    expect(screen.getByText(url === '/admin' ? 'Admin page' : 'Users page')).toBeTruthy();
  });

  it('shows a signed-in reader a page saying an admin account is needed, with a link home', async () => {
    const { router } = routesAt('/admin');
    await answerCheck(member);
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByText('You need an administrator account to open this page.')).toBeTruthy();
    expect(screen.queryByText('Admin page')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says so in Arabic on Arabic pages', async () => {
    await changeLocale('ar');
    try {
      routesAt('/admin/users');
      await answerCheck(member);
      expect(screen.getByRole('heading', { level: 1, name: 'غير مسموح' })).toBeTruthy();
      expect(screen.getByText('تحتاج إلى حساب مسؤول لفتح هذه الصفحة.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'الذهاب إلى الصفحة الرئيسية' }).getAttribute('href')).toBe('/');
    } finally {
      await changeLocale('en');
    }
  });

  it('sends a visitor to /authenticate with the admin page to come back to', async () => {
    const { router } = routesAt('/admin/users?page=2');
    await answerCheck(null);
    expect(router.state.location.pathname).toBe('/authenticate');
    expect(router.state.location.state).toEqual({ redirectTo: '/admin/users?page=2' });
    expect(screen.getByText('Sign-in page')).toBeTruthy();
  });

  it('trusts the server over a local copy that claims admin', async () => {
    localStorage.setItem('user', JSON.stringify({ ...member, role: 'admin' }));
    routesAt('/admin');
    expect(screen.queryByText('Admin page')).toBeNull();
    await answerCheck(member);
    expect(screen.queryByText('Admin page')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
  });
});
