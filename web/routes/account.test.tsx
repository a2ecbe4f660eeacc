import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DigestSubscription } from '../../common/digest-subscription.js';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { installDialogPolyfill } from '../test/dialog.js';
import { apiError, deferred, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { AccountPage } from './account.js';

const reader = makeUser({ name: 'Rita Reader' });
const fakeApi = setUpFakeAuthApi();
const CATEGORIES = ['Agents', 'Computer Vision', 'Robotics'];

const answer = (subscription: DigestSubscription['subscription'], available = CATEGORIES) =>
  jsonResponse({
    subscription,
    availableCategories: available.map((name) => ({ name, nameAr: null })),
  } satisfies DigestSubscription);

const sent = (method: string) =>
  fakeApi.requests.filter(
    (request) => request.method === method && request.url.pathname === '/api/digest-subscription',
  );

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

beforeAll(async () => {
  installDialogPolyfill();
  await loadNamespaces(['email-digest', 'account']);
});
beforeEach(() => {
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: reader });
  authStore.signedIn(reader);
});

describe('AccountPage', () => {
  it('offers weekly mail in the site’s language to a reader not yet subscribed, and saves the choice with a toast', async () => {
    fakeApi.handlers['GET /api/digest-subscription'] = () => answer(null);
    fakeApi.handlers['PUT /api/digest-subscription'] = ({ body }) =>
      answer({ ...(body as { categories: string[]; frequency: 'daily'; language: 'en' }) });
    renderRoute('/account', AccountPage);

    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(document.title).toContain('Your account');
    const profile = within(screen.getByRole('region', { name: 'Profile' }));
    expect(profile.getByText('Rita Reader')).toBeTruthy();
    expect(profile.getByRole('link', { name: 'Change your password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('region', { name: 'Email digest' }).id).toBe('email-digest');
    expect(screen.getByRole('link', { name: 'Back to AI Digest' }).getAttribute('href')).toBe('/ai-digest');
    expect(
      await screen.findByText('You are not subscribed. Choose categories and save to get the digest.'),
    ).toBeTruthy();
    expect(radio('Daily').getAttribute('aria-describedby')).toBeTruthy();
    expect(radio('Weekly').checked).toBe(true);
    expect(radio('English').checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();

    fireEvent.click(checkbox('Robotics'));
    fireEvent.click(checkbox('Agents'));
    fireEvent.click(radio('Daily'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your digest settings are saved.')).toBeTruthy();
    expect(sent('PUT').map((request) => request.body)).toEqual([
      { categories: ['Robotics', 'Agents'], frequency: 'daily', language: 'en' },
    ]);
    expect(screen.getByRole('status').textContent).toBe('You are subscribed: Daily, in English.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });

  it('shows the saved settings and unsubscribes, clearing the categories', async () => {
    fakeApi.handlers['GET /api/digest-subscription'] = () =>
      answer({ categories: ['Computer Vision'], frequency: 'daily', language: 'ar' });
    const removal = deferred<Response>();
    fakeApi.handlers['DELETE /api/digest-subscription'] = () => removal.promise;
    renderRoute('/account', AccountPage);

    await waitFor(() => expect(checkbox('Computer Vision').checked).toBe(true));
    expect(checkbox('Agents').checked).toBe(false);
    expect(radio('Daily').checked).toBe(true);
    expect(radio('Arabic').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Unsubscribing...' })).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);

    removal.resolve(answer(null));
    expect(await screen.findByText('You are unsubscribed from the email digest.')).toBeTruthy();
    expect(checkbox('Computer Vision').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('You are not subscribed.');
  });

  it('filters a long list of categories, and stops at the most a reader may follow', async () => {
    const many = Array.from({ length: 60 }, (_, i) => `Topic ${String(i).padStart(2, '0')}`);
    fakeApi.handlers['GET /api/digest-subscription'] = () =>
      answer({ categories: many.slice(0, 49), frequency: 'weekly', language: 'en' }, many);
    renderRoute('/account', AccountPage);

    const filter = await screen.findByRole('searchbox', { name: 'Filter categories' });
    fireEvent.change(filter, { target: { value: 'topic 5' } });
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Topic 5${i}`),
    );
    fireEvent.click(checkbox('Topic 50'));
    expect(screen.getByText('50 selected')).toBeTruthy();
    expect(screen.getByText('You can follow at most 50 categories.')).toBeTruthy();
    expect(checkbox('Topic 51').disabled).toBe(true);
    fireEvent.change(filter, { target: { value: 'quantum' } });
    expect(screen.getByText('No category matches “quantum”.')).toBeTruthy();
  });

  it('toasts a refused save, and refreshes the list when a category was deleted meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let available = CATEGORIES;
    fakeApi.handlers['GET /api/digest-subscription'] = () => answer(null, available);
    fakeApi.handlers['PUT /api/digest-subscription'] = () =>
      apiError(400, 'unknown_category', 'Unknown categories: Robotics.');
    renderRoute('/account', AccountPage);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Robotics' }));
    available = ['Agents', 'Computer Vision'];
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A category you chose no longer exists; the list has been refreshed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Robotics' })).toBeNull());
    expect(screen.getByText('0 selected')).toBeTruthy();

    fakeApi.handlers['PUT /api/digest-subscription'] = () => apiError(503, 'unavailable', 'Down.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your settings could not be saved. Please try again.')).toBeTruthy();
  });

  it('deletes the account only with its password and once confirmed, then says it is done', async () => {
    fakeApi.handlers['GET /api/digest-subscription'] = () => answer(null);
    fakeApi.handlers['DELETE /api/account'] = ({ body }) =>
      (body as { password: string }).password === 'right one'
        ? jsonResponse({ message: 'Your account has been deleted.' })
        : apiError(403, 'wrong_password', 'The password is not correct.');
    renderRoute('/account', AccountPage);
    const section = within(await screen.findByRole('region', { name: 'Delete your account' }));
    const password = section.getByLabelText('Your password');
    const submit = section.getByRole('button', { name: 'Delete my account' });

    fireEvent.click(submit);
    expect(section.getByRole('alert').textContent).toBe('Enter your password to confirm.');
    fireEvent.change(password, { target: { value: 'wrong one' } });
    fireEvent.click(submit);
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
        name: 'Delete my account',
      }),
    );
    expect(await section.findByText('The password is not correct.')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'right one' } });
    fireEvent.click(submit);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE')).toHaveLength(0);
    fireEvent.click(submit);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted.' })).toBeTruthy();
    expect(
      fakeApi.requests
        .filter(({ method, url }) => method === 'DELETE' && url.pathname === '/api/account')
        .map(({ body }) => body),
    ).toEqual([{ password: 'wrong one' }, { password: 'right one' }]);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('reads right to left in Arabic and offers Arabic mail by default', async () => {
    fakeApi.handlers['GET /api/digest-subscription'] = () => answer(null);
    await act(() => changeLocale('ar'));
    try {
      renderRoute('/account', AccountPage);
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'حسابك' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'الملخص البريدي' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'تغيير كلمة المرور' })).toBeTruthy();
      const language = (await screen.findByRole('group', { name: 'لغة الرسالة' })) as HTMLElement;
      expect(within(language).getByRole<HTMLInputElement>('radio', { name: 'العربية' }).checked).toBe(true);
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'أسبوعيًا' }).checked).toBe(true);
      expect(screen.getByText('لم يُحدَّد أي تصنيف')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'حفظ' })).toBeTruthy();
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
