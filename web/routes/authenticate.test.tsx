import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoutes } from '../test/render.js';
import { AuthenticatePage } from './authenticate.js';

const alice = makeUser({ name: 'Alice Liddell', email: 'alice@example.org', isVerified: true });

const fakeApi = setUpFakeAuthApi();
const requests = fakeApi.requests;

const posted = (path: string) => requests.filter((r) => r.method === 'POST' && r.url.pathname === path);

function renderPage(entry: InitialEntry = '/authenticate') {
  return renderRoutes([{ path: '/authenticate', Component: AuthenticatePage }], entry);
}

function signInPanel() {
  return within(screen.getByRole('tabpanel', { name: 'Sign In' }));
}

function signUpPanel() {
  return within(screen.getByRole('tabpanel', { name: 'Sign Up' }));
}

function fill(panel: ReturnType<typeof within>, label: string, value: string) {
  fireEvent.change(panel.getByLabelText(label), { target: { value } });
}

afterEach(async () => {
  await changeLocale('en');
});

describe('AuthenticatePage tabs', () => {
  it('welcomes with the product name and opens on Sign In', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Agentic Framework' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('false');
    expect(signInPanel().getByLabelText('Email')).toBeTruthy();
    expect(signInPanel().getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it.each(['/authenticate?register', '/authenticate?signup'])('opens Sign Up for %s', (url) => {
    renderPage(url);
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    for (const label of ['Full Name', 'Email', 'Password', 'Confirm Password']) {
      expect(signUpPanel().getByLabelText(label)).toBeTruthy();
    }
  });

  it('switches with a click and with the arrow keys, keeping the tab in the address', () => {
    const { router } = renderPage({ pathname: '/authenticate', state: { redirectTo: '/bookmarks' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(router.state.location.search).toBe('?register');
    expect(router.state.location.state).toEqual({ redirectTo: '/bookmarks' });
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('tabindex')).toBe('0');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Sign Up' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sign In' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows and hides the password', () => {
    renderPage();
    const password = signInPanel().getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(signInPanel().getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(signInPanel().getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});

describe('Sign In', () => {
  function submitSignIn(email: string, password: string) {
    fill(signInPanel(), 'Email', email);
    fill(signInPanel(), 'Password', password);
    fireEvent.click(signInPanel().getByRole('button', { name: 'Sign In' }));
  }

  it('asks for both fields before calling the server', async () => {
    renderPage();
    submitSignIn('alice@example.org', '');
    expect((await signInPanel().findByRole('alert')).textContent).toBe('Email and password are required.');
    expect(posted('/api/auth/login')).toHaveLength(0);
  });

  it('signs in with the locale and goes to the digest', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () => jsonResponse({ user: alice, message: 'Login successful.' });
    const { router } = renderPage();
    submitSignIn(' alice@example.org ', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ai-digest'));
    expect(posted('/api/auth/login')[0]?.body).toEqual({
      email: 'alice@example.org',
      password: 'correct horse',
      locale: 'en',
    });
    expect(authStore.getState()).toEqual({ status: 'loggedIn', user: alice });
  });

  it('goes back to the page the guard sent the user from', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () => jsonResponse({ user: alice, message: 'Login successful.' });
    const { router } = renderPage({ pathname: '/authenticate', state: { redirectTo: '/bookmarks' } });
    submitSignIn('alice@example.org', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookmarks'));
  });

  it('never follows a redirect to another site', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () => jsonResponse({ user: alice, message: 'Login successful.' });
    const { router } = renderPage({ pathname: '/authenticate', state: { redirectTo: '//evil.example/' } });
    submitSignIn('alice@example.org', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ai-digest'));
  });

  it("shows the server's message for wrong credentials", async () => {
    fakeApi.handlers['POST /api/auth/login'] = () => apiError(401, 'invalid_credentials', 'Invalid email or password.');
    renderPage();
    submitSignIn('alice@example.org', 'wrong password');
    expect((await signInPanel().findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it('tells a suspended account why it cannot sign in', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () =>
      apiError(403, 'account_suspended', 'An administrator suspended this account.');
    renderPage();
    submitSignIn('alice@example.org', 'correct horse');
    expect((await signInPanel().findByRole('alert')).textContent).toBe(
      'An administrator suspended this account, so it cannot sign in until an administrator restores it.',
    );
  });

  it('falls back to the invalid credentials text when the answer has no message', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () => new Response('<h1>Bad gateway</h1>', { status: 502 });
    renderPage();
    submitSignIn('alice@example.org', 'correct horse');
    expect((await signInPanel().findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it('says so when the server cannot be reached', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderPage();
    submitSignIn('alice@example.org', 'correct horse');
    expect((await signInPanel().findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });

  it('offers to resend the verification email to an unverified account', async () => {
    fakeApi.handlers['POST /api/auth/login'] = () =>
      apiError(403, 'email_not_verified', 'Please verify your email address before signing in.');
    fakeApi.handlers['POST /api/auth/resend-verification'] = () =>
      jsonResponse({ message: 'If that account still needs verification, a new link has been sent.' });
    renderPage();
    submitSignIn('alice@example.org', 'correct horse');
    expect((await signInPanel().findByRole('alert')).textContent).toBe(
      'Please verify your email address before signing in.',
    );
    fireEvent.click(signInPanel().getByRole('button', { name: 'Resend verification email' }));
    expect((await signInPanel().findByRole('status')).textContent).toBe(
      'If that account still needs verification, a new link has been sent.',
    );
    expect(posted('/api/auth/resend-verification')[0]?.body).toEqual({ email: 'alice@example.org', locale: 'en' });
  });

  it('speaks Arabic and sends the Arabic locale', async () => {
    await changeLocale('ar');
    await loadNamespaces(['auth']);
    fakeApi.handlers['POST /api/auth/login'] = () => apiError(401, 'invalid_credentials', 'Invalid email or password.');
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'مرحبًا بك في Agentic Framework' })).toBeTruthy();
    const panel = within(screen.getByRole('tabpanel', { name: 'تسجيل الدخول' }));
    fill(panel, 'البريد الإلكتروني', 'alice@example.org');
    fill(panel, 'كلمة المرور', 'wrong password');
    fireEvent.click(panel.getByRole('button', { name: 'تسجيل الدخول' }));
    expect((await panel.findByRole('alert')).textContent).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    expect(posted('/api/auth/login')[0]?.body).toMatchObject({ locale: 'ar' });
  });
});

describe('Sign Up', () => {
  function submitSignUp(fields: { name: string; email: string; password: string; confirm: string }) {
    fill(signUpPanel(), 'Full Name', fields.name);
    fill(signUpPanel(), 'Email', fields.email);
    fill(signUpPanel(), 'Password', fields.password);
    fill(signUpPanel(), 'Confirm Password', fields.confirm);
    fireEvent.click(signUpPanel().getByRole('button', { name: 'Sign Up' }));
  }
  const valid = {
    name: 'Alice Liddell',
    email: 'alice@example.org',
    password: 'correct horse',
    confirm: 'correct horse',
  };

  it('requires every field', async () => {
    renderPage('/authenticate?register');
    submitSignUp({ ...valid, name: '   ' });
    expect((await signUpPanel().findByRole('alert')).textContent).toBe('All fields are required.');
    expect(posted('/api/auth/signup')).toHaveLength(0);
  });

  it('requires matching passwords', async () => {
    renderPage('/authenticate?register');
    submitSignUp({ ...valid, confirm: 'correct horse!' });
    expect((await signUpPanel().findByRole('alert')).textContent).toBe('Passwords do not match.');
    expect(posted('/api/auth/signup')).toHaveLength(0);
  });

  it('goes to the check-email page with the address after signing up', async () => {
    fakeApi.handlers['POST /api/auth/signup'] = () => jsonResponse({ message: 'Registration successful.' }, 201);
    const { router } = renderPage('/authenticate?register');
    submitSignUp(valid);
    await waitFor(() => expect(router.state.location.pathname).toBe('/check-email'));
    expect(router.state.location.state).toEqual({ email: 'alice@example.org' });
    expect(posted('/api/auth/signup')[0]?.body).toEqual({
      name: 'Alice Liddell',
      email: 'alice@example.org',
      password: 'correct horse',
      locale: 'en',
    });
  });

  it.each([
    [429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.'],
    [400, 'weak_password', 'Password must be at least 8 characters.'],
  ])('shows the server message for %i %s', async (status, code, message) => {
    fakeApi.handlers['POST /api/auth/signup'] = () => apiError(status, code, message);
    renderPage('/authenticate?register');
    submitSignUp(valid);
    expect((await signUpPanel().findByRole('alert')).textContent).toBe(message);
  });

  it('says Registration failed. without a message, and asks to try again on a network failure', async () => {
    fakeApi.handlers['POST /api/auth/signup'] = () => new Response('oops', { status: 500 });
    renderPage('/authenticate?register');
    submitSignUp(valid);
    expect((await signUpPanel().findByRole('alert')).textContent).toBe('Registration failed.');

    fakeApi.handlers['POST /api/auth/signup'] = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(signUpPanel().getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(signUpPanel().getByRole('alert').textContent).toBe('Registration failed. Please try again.'),
    );
  });
});
