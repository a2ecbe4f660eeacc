import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { apiError, type FakeHandler, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoutes } from '../test/render.js';
import { CheckEmailPage } from './check-email.js';
import { ForgotPasswordPage } from './forgot-password.js';
import { RESET_REDIRECT_MS, ResetPasswordPage } from './reset-password.js';
import { VERIFY_REDIRECT_MS, VerifyEmailPage } from './verify-email.js';

type Handler = FakeHandler;
const fakeApi = setUpFakeAuthApi();
const requests = fakeApi.requests;

const networkFailure: Handler = () => {
  throw new TypeError('Failed to fetch');
};

function renderAt(path: string, Component: ComponentType, entry: InitialEntry) {
  return renderRoutes([{ path, Component }], entry);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CheckEmailPage', () => {
  it('names the address the link went to and resends it', async () => {
    fakeApi.handlers['POST /api/auth/resend-verification'] = () =>
      jsonResponse({ message: 'If that account still needs verification, a new link has been sent.' });
    renderAt('/check-email', CheckEmailPage, { pathname: '/check-email', state: { email: 'alice@example.org' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/We sent a verification link to .*alice@example\.org/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If that account still needs verification, a new link has been sent.',
    );
    expect(requests.at(-1)?.body).toEqual({ email: 'alice@example.org', locale: 'en' });
  });

  it('still says a link was sent when the address is not known', () => {
    renderAt('/check-email', CheckEmailPage, '/check-email');
    expect(screen.getByText('We sent a verification link to your email address.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });
});

describe('VerifyEmailPage', () => {
  it('says the token is missing without calling the server', () => {
    renderAt('/verify-email', VerifyEmailPage, '/verify-email');
    expect(screen.getByRole('alert').textContent).toBe('Verification token is missing.');
    expect(requests.filter((r) => r.url.pathname === '/api/auth/verify-email')).toHaveLength(0);
  });

  it('verifies once, signs the user in and opens the digest after 1.5 s', async () => {
    const alice = makeUser({ name: 'Alice Liddell' });
    fakeApi.handlers['GET /api/auth/verify-email'] = () =>
      jsonResponse({ user: alice, message: 'Email verified successfully.' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderAt('/verify-email', VerifyEmailPage, '/verify-email?token=good-token');
    expect(await screen.findByText('Email verified successfully! Redirecting...')).toBeTruthy();
    expect(authStore.getState()).toEqual({ status: 'loggedIn', user: alice });
    const calls = requests.filter((r) => r.url.pathname === '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('token')).toBe('good-token');

    expect(VERIFY_REDIRECT_MS).toBe(1500);
    await act(async () => {}); // lets the effect that starts the 1.5 s timer run
    await act(async () => vi.advanceTimersByTime(VERIFY_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/verify-email');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ai-digest'));
  });

  it('in a browser other than the sign-up one, signs nobody in and opens sign-in after 1.5 s', async () => {
    fakeApi.handlers['GET /api/auth/verify-email'] = () =>
      jsonResponse({ message: 'Email verified successfully. Please sign in.' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderAt('/verify-email', VerifyEmailPage, '/verify-email?token=elsewhere-token');
    expect(await screen.findByText('Email verified successfully! Please sign in. Redirecting...')).toBeTruthy();
    expect(screen.queryByText(/^Signed in as/)).toBeNull();
    expect(authStore.getState().user).toBeNull();

    await act(async () => {}); // lets the effect that starts the 1.5 s timer run
    await act(async () => vi.advanceTimersByTime(VERIFY_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/verify-email');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
  });

  it("shows the server's reason when verification fails", async () => {
    fakeApi.handlers['GET /api/auth/verify-email'] = () =>
      apiError(400, 'invalid_token', 'This verification link is invalid or has expired.');
    renderAt('/verify-email', VerifyEmailPage, '/verify-email?token=used-token');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Verification failed: This verification link is invalid or has expired.',
    );
  });

  it('says something went wrong when the server cannot be reached', async () => {
    fakeApi.handlers['GET /api/auth/verify-email'] = networkFailure;
    renderAt('/verify-email', VerifyEmailPage, '/verify-email?token=offline-token');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong during verification.');
  });
});

describe('ForgotPasswordPage', () => {
  function submit(email: string) {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  }

  it('sends the link and says so', async () => {
    fakeApi.handlers['POST /api/auth/forgot-password'] = () =>
      jsonResponse({ message: 'If an account exists for that email, a reset link has been sent.' });
    renderAt('/forgot-password', ForgotPasswordPage, '/forgot-password');
    submit('alice@example.org');
    expect((await screen.findByRole('status')).textContent).toBe('Reset link sent! Please check your email.');
    expect(requests.at(-1)?.body).toEqual({ email: 'alice@example.org', locale: 'en' });
  });

  it("shows the server's message, the fallback, or the network failure", async () => {
    fakeApi.handlers['POST /api/auth/forgot-password'] = () => apiError(400, 'missing_fields', 'Email is required.');
    renderAt('/forgot-password', ForgotPasswordPage, '/forgot-password');
    submit('');
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required.');

    fakeApi.handlers['POST /api/auth/forgot-password'] = () => new Response('', { status: 502 });
    submit('alice@example.org');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to send reset email.'));

    fakeApi.handlers['POST /api/auth/forgot-password'] = networkFailure;
    submit('alice@example.org');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.'));
  });
});

describe('ResetPasswordPage', () => {
  function submit(password: string, confirm: string) {
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('shows no form without a token', () => {
    renderAt('/reset-password', ResetPasswordPage, '/reset-password');
    expect(screen.getByRole('alert').textContent).toBe('Invalid reset link.');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it("refuses passwords that don't match", async () => {
    renderAt('/reset-password', ResetPasswordPage, '/reset-password?token=abc');
    submit('new password 1', 'new password 2');
    expect((await screen.findByRole('alert')).textContent).toBe("Passwords don't match!");
    expect(requests.filter((r) => r.url.pathname === '/api/auth/reset-password')).toHaveLength(0);
  });

  it('resets, says so and goes to sign in after 2 s', async () => {
    fakeApi.handlers['POST /api/auth/reset-password'] = () => jsonResponse({ message: 'Password reset successful.' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderAt('/reset-password', ResetPasswordPage, '/reset-password?token=abc');
    submit('new password', 'new password');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Password reset successful! Redirecting to sign in...',
    );
    expect(requests.at(-1)?.body).toEqual({ token: 'abc', newPassword: 'new password' });
    await act(async () => {}); // lets the effect that starts the 2 s timer run
    await act(async () => vi.advanceTimersByTime(RESET_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
  });

  it.each([
    [400, 'missing_token', 'Missing token.'],
    [400, 'invalid_token', 'This reset link is invalid or has expired.'],
    [400, 'weak_password', 'Password must be at least 8 characters.'],
  ])("shows the server's message for %i %s", async (status, code, message) => {
    fakeApi.handlers['POST /api/auth/reset-password'] = () => apiError(status, code, message);
    renderAt('/reset-password', ResetPasswordPage, '/reset-password?token=abc');
    submit('short', 'short');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says Password reset failed. otherwise', async () => {
    fakeApi.handlers['POST /api/auth/reset-password'] = networkFailure;
    renderAt('/reset-password', ResetPasswordPage, '/reset-password?token=abc');
    submit('new password', 'new password');
    expect((await screen.findByRole('alert')).textContent).toBe('Password reset failed.');
  });
});
