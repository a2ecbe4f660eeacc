import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { VerifyEmailPage } from './verify-email.js';

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
