import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, deferred, type FakeHandler, jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { UnsubscribePage } from './unsubscribe.js';

const fakeApi = setUpFakeAuthApi();
const ENDPOINT = 'POST /api/digest-subscription/unsubscribe';
const unsubscribeCalls = () => fakeApi.requests.filter((request) => request.url.pathname.includes('unsubscribe'));

function openAt(url: string) {
  return renderRoute('/unsubscribe', UnsubscribePage, url);
}

beforeAll(async () => {
  await loadNamespaces(['email-digest']);
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('UnsubscribePage', () => {
  it('changes nothing on opening, and unsubscribes with the link’s token when the button is pressed', async () => {
    const answer = deferred<Response>();
    fakeApi.handlers[ENDPOINT] = () => answer.promise;
    openAt('/unsubscribe?token=abc-123');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from the email digest' })).toBeTruthy();
    expect(screen.getByText('Stop the digest mails sent to the address this link was mailed to.')).toBeTruthy();
    expect(unsubscribeCalls()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Unsubscribing...' })).disabled).toBe(true);
    answer.resolve(jsonResponse({ message: 'You are unsubscribed from the email digest.' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You are unsubscribed. No more digest mails will be sent to you.',
    );
    expect(unsubscribeCalls().map((request) => request.body)).toEqual([{ token: 'abc-123' }]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Digest settings' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Go to the AI Digest' }).getAttribute('href')).toBe('/ai-digest');
  });

  it('says a link without a token is incomplete, and offers no button', () => {
    openAt('/unsubscribe');
    expect(screen.getByRole('alert').textContent).toBe(
      'This unsubscribe link is incomplete. Open the whole link from the mail.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says an unknown or used link does not work, with nothing more to press', async () => {
    fakeApi.handlers[ENDPOINT] = () =>
      apiError(404, 'invalid_token', 'This unsubscribe link is unknown, expired or already used.');
    openAt('/unsubscribe?token=used');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is unknown, expired or was already used.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it.each<[string, FakeHandler, string]>([
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'The server could not be reached. Please try again.',
    ],
    [
      'too many attempts',
      () => apiError(429, 'rate_limited', 'Too many attempts.'),
      'Too many attempts. Please wait a moment and try again.',
    ],
    ['a server failure', () => apiError(503, 'unavailable', 'Down.'), 'Something went wrong. Please try again.'],
  ])('lets the reader try again after %s', async (_case, failure, text) => {
    fakeApi.handlers[ENDPOINT] = failure;
    openAt('/unsubscribe?token=abc');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    fakeApi.handlers[ENDPOINT] = () => jsonResponse({ message: 'You are unsubscribed from the email digest.' });
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toContain('You are unsubscribed.');
  });

  it('reads right to left in Arabic', async () => {
    fakeApi.handlers[ENDPOINT] = () => jsonResponse({ message: 'You are unsubscribed from the email digest.' });
    await act(() => changeLocale('ar'));
    try {
      openAt('/unsubscribe?token=abc');
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'إلغاء الاشتراك في الملخص البريدي' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'إلغاء الاشتراك' }));
      expect((await screen.findByRole('status')).textContent).toBe('أُلغي اشتراكك. لن تصلك رسائل الملخص بعد الآن.');
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
