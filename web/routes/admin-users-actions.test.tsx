import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedUser, UserList } from '../../common/users.js';
import { authStore } from '../features/auth/auth-store.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { apiError, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { ManageUsersPage } from './admin-users.js';

const fakeApi = setUpAdminScreen(['admin']);
const ada: ManagedUser = { ...makeUser({ id: 1, name: 'Ada Admin', role: 'admin' }), suspendedAt: null };
const bob: ManagedUser = { ...makeUser({ id: 2, name: 'Bob Builder' }), suspendedAt: null };

/** The list answers these users, and the page is opened by Ada, signed in. */
async function openWith(users: ManagedUser[]) {
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: ada });
  fakeApi.handlers['GET /api/users'] = () =>
    jsonResponse({ users, pagination: { page: 1, limit: 10, total: users.length, totalPages: 1 } } satisfies UserList);
  await authStore.check();
  renderRoute('/admin/users', ManageUsersPage);
}

async function details(name: string) {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: /View/ }));
  return within(screen.getByRole('dialog', { name: 'User Details' }));
}

describe('account actions on /admin/users', () => {
  it('suspends an account with a reason and its comments, and shows it suspended', async () => {
    await openWith([ada, bob]);
    const suspended = { ...bob, suspendedAt: '2025-03-16T12:00:00.000Z' };
    fakeApi.handlers['POST /api/admin/users/2/suspend'] = () => jsonResponse(suspended);
    fireEvent.click((await details('Bob Builder')).getByRole('button', { name: 'Suspend' }));

    const confirm = within(screen.getByRole('dialog', { name: 'Suspend Bob Builder?' }));
    fireEvent.change(confirm.getByRole('textbox'), { target: { value: ' Spam links ' } });
    fireEvent.click(confirm.getByRole('checkbox', { name: 'Also remove all their comments' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('Account suspended')).toBeTruthy();
    expect(requestsTo(fakeApi, 'POST', '/api/admin/users/2/suspend').map((request) => request.body)).toEqual([
      { reason: 'Spam links', removeComments: true },
    ]);
    const open = within(screen.getByRole('dialog', { name: 'User Details' }));
    expect(open.getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(open.queryByRole('button', { name: 'Make admin' })).toBeNull();
    const row = (await screen.findByRole('rowheader', { name: 'Bob Builder' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Suspended')).toBeTruthy();
  });

  it('says why the server refused, and leaves the confirmation open', async () => {
    const second = { ...bob, role: 'admin' };
    await openWith([ada, second]);
    fakeApi.handlers['PATCH /api/admin/users/2/role'] = () =>
      apiError(
        409,
        'last_admin',
        'This is the last administrator account: make another account an administrator first.',
      );
    fireEvent.click((await details('Bob Builder')).getByRole('button', { name: 'Remove admin role' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Remove the administrator role of Bob Builder?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Confirm' }));
    expect((await confirm.findByRole('alert')).textContent).toBe(
      'The change could not be made: This is the last administrator account: make another account an administrator first.',
    );
  });

  it('deletes an account once confirmed and lists the accounts again, closing its details', async () => {
    await openWith([ada, bob]);
    fakeApi.handlers['DELETE /api/admin/users/2'] = () => jsonResponse({ message: 'Account deleted' });
    fireEvent.click((await details('Bob Builder')).getByRole('button', { name: 'Delete account' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete the account of Bob Builder?' })).getByRole('button', {
        name: 'Delete account',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fakeApi, 'DELETE', '/api/admin/users/2')).toHaveLength(1);
    expect(requestsTo(fakeApi, 'GET', '/api/users').length).toBeGreaterThan(1);
  });

  it("offers no account action on the administrator's own account, and says why", async () => {
    await openWith([ada, bob]);
    const own = await details('Ada Admin');
    expect(own.getByText('You cannot suspend, demote or delete your own account.')).toBeTruthy();
    for (const name of ['Suspend', 'Remove admin role', 'Delete account']) {
      expect(own.queryByRole('button', { name })).toBeNull();
    }
  });
});
