import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../features/auth/auth-store.js';
import { AFTER_SIGN_IN_PATH } from '../features/auth/navigation.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { VERIFY_REDIRECT_MS, VerifyEmailPage } from './verify-email.js';

const fakeApi = setUpFakeAuthApi();
const withoutIsolates = (text: string | null) => text?.replace(/[\u2068\u2069]/g, '');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  fakeApi.handlers['GET /api/auth/verify-email'] = () =>
    jsonResponse({
      user: makeUser({ name: 'Olga Owner', email: 'olga@example.org' }),
      message: 'Email verified successfully.',
    });
});
afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('en');
});

describe('VerifyEmailPage names the account it signed into', () => {
  it('in English', async () => {
    renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=english-token');
    const line = await screen.findByText(/^Signed in as/);
    expect(withoutIsolates(line.textContent)).toBe('Signed in as Olga Owner (olga@example.org).');
  });

  it('in Arabic, keeping the name and address in their own direction', async () => {
    await changeLocale('ar');
    await loadNamespaces(['auth']);
    renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=arabic-token');
    const line = await screen.findByText(/^تم تسجيل دخولك باسم/);
    expect(line.textContent).toBe('تم تسجيل دخولك باسم \u2068Olga Owner\u2069 (\u2068olga@example.org\u2069).');
  });
});

describe('VerifyEmailPage in a browser other than the sign-up one', () => {
  it('asks the reader to sign in, in Arabic too', async () => {
    fakeApi.handlers['GET /api/auth/verify-email'] = () =>
      jsonResponse({ message: 'Email verified successfully. Please sign in.' });
    await changeLocale('ar');
    await loadNamespaces(['auth']);
    renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=arabic-elsewhere-token');
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني بنجاح! يرجى تسجيل الدخول. جارٍ التحويل...')).toBeTruthy();
    expect(screen.queryByText(/^تم تسجيل دخولك باسم/)).toBeNull();
  });
});

describe('VerifyEmailPage when the account still needs a password of its own', () => {
  const askForPassword = () => {
    fakeApi.handlers['GET /api/auth/verify-email'] = () =>
      jsonResponse({ passwordNeeded: true, message: 'Choose a password to verify your email address.' });
  };

  it('asks for a new password, sends it with the link and goes on to sign in', async () => {
    askForPassword();
    fakeApi.handlers['POST /api/auth/verify-email'] = () =>
      jsonResponse({ message: 'Email verified and password set. Please sign in.' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=elsewhere-token');
    expect(await screen.findByText(/^This link was opened in a browser other than/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'mine alone' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'mine alone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and set password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Email verified and password set! Please sign in. Redirecting...',
    );
    const sent = fakeApi.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/auth/verify-email');
    expect(sent.map((r) => r.body)).toEqual([{ token: 'elsewhere-token', newPassword: 'mine alone' }]);
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(VERIFY_REDIRECT_MS + 100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authenticate'));
  });

  it('asks in Arabic too', async () => {
    askForPassword();
    await changeLocale('ar');
    await loadNamespaces(['auth']);
    renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=elsewhere-token-ar');
    expect(await screen.findByText(/^فُتح هذا الرابط في متصفح غير الذي سجّلت منه/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'التأكيد وتعيين كلمة المرور' })).toBeTruthy();
  });
});

describe('VerifyEmailPage opened again with a used link', () => {
  const refuseUsedLink = () => {
    fakeApi.handlers['GET /api/auth/verify-email'] = () =>
      apiError(400, 'invalid_token', 'This verification link is invalid or has expired.');
  };

  it('says a signed-in, verified reader is already verified and goes on to the digest', async () => {
    refuseUsedLink();
    authStore.signedIn(makeUser({ isVerified: true }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=used-own-token');
    expect(await screen.findByText('Your email address is already verified. Redirecting...')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => vi.advanceTimersByTime(VERIFY_REDIRECT_MS + 100));
    await waitFor(() => expect(router.state.location.pathname).toBe(AFTER_SIGN_IN_PATH));
  });

  it('says so in Arabic too', async () => {
    refuseUsedLink();
    authStore.signedIn(makeUser({ isVerified: true }));
    await changeLocale('ar');
    await loadNamespaces(['auth']);
    renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=used-own-token-ar');
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني من قبل. جارٍ التحويل...')).toBeTruthy();
  });

  it('still says the link is invalid to a signed-out reader, and stays', async () => {
    refuseUsedLink();
    const { router } = renderRoute('/verify-email', VerifyEmailPage, '/verify-email?token=used-token-signed-out');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Verification failed: This verification link is invalid or has expired.',
    );
    expect(router.state.location.pathname).toBe('/verify-email');
  });
});
