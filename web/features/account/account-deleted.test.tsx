import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DigestSubscription } from '../../../common/digest-subscription.js';
import { changeLocale, loadNamespaces } from '../../lib/i18n.js';
import { AccountPage } from '../../routes/account.js';
import { installDialogPolyfill } from '../../test/dialog.js';
import { jsonResponse, makeUser } from '../../test/fake-api.js';
import { renderRoutes } from '../../test/render.js';
import { authStore } from '../auth/auth-store.js';
import { RequireUser } from '../auth/components/route-guards.js';
import { setUpFakeAuthApi } from '../auth/testing.js';

const reader = makeUser({ name: 'Rita Reader', email: 'rita@example.org' });
const fakeApi = setUpFakeAuthApi();

beforeAll(async () => {
  installDialogPolyfill();
  await loadNamespaces(['email-digest', 'account']);
});
beforeEach(() => {
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: reader });
  fakeApi.handlers['GET /api/digest-subscription'] = () =>
    jsonResponse({ subscription: null, availableCategories: [] } satisfies DigestSubscription);
  fakeApi.handlers['DELETE /api/account'] = () => {
    // The server signs the browser out with the account: the session is gone from then on.
    fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: null });
    return jsonResponse({ message: 'Your account has been deleted.' });
  };
  authStore.signedIn(reader);
});

/** Deletes the account on /account, behind the signed-in guard as the site serves it. */
async function deleteAccount(texts: { password: string; submit: string; dialog: string; done: string }) {
  renderRoutes([{ Component: RequireUser, children: [{ path: '/account', Component: AccountPage }] }], '/account');
  fireEvent.change(await screen.findByLabelText(texts.password), { target: { value: 'right one' } });
  fireEvent.click(screen.getByRole('button', { name: texts.submit }));
  fireEvent.click(
    within(screen.getByRole('dialog', { name: texts.dialog })).getByRole('button', { name: texts.submit }),
  );
  return screen.findByRole('heading', { level: 1, name: texts.done });
}

describe('deleting your own account', () => {
  it('signs the header out at once: no name or email left on the page that says it is done', async () => {
    await deleteAccount({
      password: 'Your password',
      submit: 'Delete my account',
      dialog: 'Delete your account?',
      done: 'Your account has been deleted.',
    });
    expect(screen.queryByRole('button', { name: 'Account menu of Rita Reader' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('rita@example.org');
    expect(localStorage.getItem('user')).toBeNull();
    expect(authStore.getState().user).toBeNull();
  });

  it('does so in Arabic too', async () => {
    await act(() => changeLocale('ar'));
    try {
      await deleteAccount({
        password: 'كلمة المرور',
        submit: 'حذف حسابي',
        dialog: 'حذف حسابك؟',
        done: 'تم حذف حسابك.',
      });
      expect(screen.queryByRole('button', { name: 'قائمة حساب Rita Reader' })).toBeNull();
      expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toBeTruthy();
      expect(document.body.textContent).not.toContain('rita@example.org');
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
