import { act, screen, waitFor } from '@testing-library/react';
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
