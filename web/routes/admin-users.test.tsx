import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser, UserList } from '../../common/users.js';
import { authStore } from '../features/auth/auth-store.js';
import { initI18n, loadNamespaces } from '../lib/i18n.js';
import { checkedFetch } from '../test/api-contract.js';
import { installDialogPolyfill } from '../test/dialog.js';
import { apiError, deferred, jsonResponse, makeUser, type RecordedRequest, recordRequest } from '../test/fake-api.js';
import { renderRoutes } from '../test/render.js';
import { ManageUsersPage } from './admin-users.js';

const ada = makeUser({ id: 1, name: 'Ada Admin', email: 'ada@example.org', role: 'admin' });
const bob = makeUser({
  id: 2,
  name: 'Bob Builder',
  email: 'bob@example.org',
  isVerified: false,
  createdAt: '2025-03-16T15:04:00.000Z',
  updatedAt: '2025-03-17T09:30:00.000Z',
});

function list(users: PublicUser[], pagination: Partial<UserList['pagination']> = {}): UserList {
  return { users, pagination: { page: 1, limit: 10, total: users.length, totalPages: 1, ...pagination } };
}

let listAnswer: () => Response | Promise<Response> = () => jsonResponse(list([ada, bob]));
let patchAnswer: (request: RecordedRequest) => Response | Promise<Response> = () => jsonResponse(bob);
const requests: RecordedRequest[] = [];

const fetchStub = vi.fn(
  checkedFetch(async (input, init) => {
    const request = recordRequest(input, init);
    requests.push(request);
    if (request.url.pathname === '/api/auth/check') return jsonResponse({ user: ada });
    if (request.method === 'GET' && request.url.pathname === '/api/users') return listAnswer();
    if (request.method === 'PATCH') return patchAnswer(request);
    throw new Error(`unexpected request ${request.method} ${request.url}`);
  }),
);

const listRequests = () => requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/users');

function renderPage() {
  return renderRoutes([{ path: '/admin/users', Component: ManageUsersPage }], '/admin/users');
}

async function rowOf(name: string) {
  const cell = await screen.findByRole('rowheader', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

function dialog() {
  return within(screen.getByRole('dialog', { name: 'User Details' }));
}

beforeAll(async () => {
  installDialogPolyfill();
  await initI18n();
  await loadNamespaces(['admin']);
});
beforeEach(() => {
  requests.length = 0;
  listAnswer = () => jsonResponse(list([ada, bob]));
  patchAnswer = () => jsonResponse(bob);
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ManageUsersPage', () => {
  it('lists the users with their status, role and joining date', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeTruthy();
    expect(screen.getByText('View and manage user accounts and verification status')).toBeTruthy();
    expect(screen.getByText('Loading users...')).toBeTruthy();

    const row = await rowOf('Bob Builder');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ID',
      'Name',
      'Email',
      'Status',
      'Role',
      'Joined',
      'Actions',
    ]);
    expect(row.getByText('2')).toBeTruthy();
    expect(row.getByText('bob@example.org')).toBeTruthy();
    expect(row.getByText('Unverified')).toBeTruthy();
    expect(row.getByText('User')).toBeTruthy();
    expect(row.getByText(/^Mar 1[67], 2025, \d{1,2}:\d{2}\s[AP]M$/)).toBeTruthy();
    expect((await rowOf('Ada Admin')).getByText('Verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Admin Dashboard' }).getAttribute('href')).toBe('/admin');
    // One page: no pagination.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(listRequests()[0]?.url.search).toBe('?page=1&limit=10');
  });

  it('stacks the users as cards on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const bobCard = within(within(list).getByRole('heading', { name: 'Bob Builder' }).closest('li') as HTMLElement);
    expect(bobCard.getByText('Unverified')).toBeTruthy();
    expect(bobCard.getByText('bob@example.org')).toBeTruthy();
    fireEvent.click(bobCard.getByRole('button', { name: 'View details of Bob Builder' }));
    expect(dialog().getByRole('button', { name: 'Verify User' })).toBeTruthy();
  });

  it('filters by status and page size, starting again from page 1', async () => {
    listAnswer = () => jsonResponse(list([ada, bob], { total: 25, totalPages: 3 }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listRequests().at(-1)?.url.searchParams.get('page')).toBe('2'));

    fireEvent.change(screen.getByLabelText('Filter by Status'), { target: { value: 'unverified' } });
    await waitFor(() => expect(listRequests().at(-1)?.url.search).toBe('?page=1&limit=10&verified=false'));
    fireEvent.change(screen.getByLabelText('Filter by Status'), { target: { value: 'verified' } });
    await waitFor(() => expect(listRequests().at(-1)?.url.search).toBe('?page=1&limit=10&verified=true'));
    fireEvent.change(screen.getByLabelText('Users per page'), { target: { value: '25' } });
    await waitFor(() => expect(listRequests().at(-1)?.url.search).toBe('?page=1&limit=25&verified=true'));
    expect(
      within(screen.getByLabelText('Users per page'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50']);
  });

  it('pages with Previous and Next, disabled at the ends', async () => {
    listAnswer = () => {
      const page = Number(listRequests().at(-1)?.url.searchParams.get('page'));
      return jsonResponse(list([page === 1 ? ada : bob], { page, total: 12, totalPages: 2 }));
    };
    renderPage();
    expect(await screen.findByText('Page 1 of 2 (12 total users)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 (12 total users)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when there are no users', async () => {
    listAnswer = () => jsonResponse(list([], { totalPages: 0 }));
    renderPage();
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('shows the failure with Retry, which asks again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    listAnswer = () => new Response('oops', { status: 500 });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch users');
    expect(logged).toHaveBeenCalledWith('Failed to fetch users', expect.anything());

    listAnswer = () => jsonResponse(list([bob]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Bob Builder')).toBeTruthy();
  });

  it('shows the details and verifies: Processing..., then the row and modal show the server user', async () => {
    const answer = deferred<Response>();
    patchAnswer = () => answer.promise;
    renderPage();
    fireEvent.click((await rowOf('Bob Builder')).getByRole('button', { name: 'View details of Bob Builder' }));

    const details = dialog();
    expect(details.getByText('bob@example.org')).toBeTruthy();
    for (const label of ['ID', 'Name', 'Email', 'Role', 'Status', 'Joined', 'Last Updated']) {
      expect(details.getByText(label, { selector: 'dt' })).toBeTruthy();
    }
    expect(details.getByText('Unverified')).toBeTruthy();

    fireEvent.click(details.getByRole('button', { name: 'Verify User' }));
    const processing = details.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    expect(requests.at(-1)).toMatchObject({ method: 'PATCH' });
    expect(requests.at(-1)?.url.pathname).toBe('/api/users/2/verify');

    const verified = { ...bob, isVerified: true, updatedAt: '2025-04-01T12:00:00.000Z' };
    await act(async () => answer.resolve(jsonResponse(verified)));
    expect(details.getByRole('button', { name: 'Unverify User' })).toBeTruthy();
    expect(details.getByText('Verified')).toBeTruthy();
    expect(details.getByText(/^Apr 1, 2025/)).toBeTruthy();
    expect((await rowOf('Bob Builder')).getByText('Verified')).toBeTruthy();
  });

  it('unverifies a verified user with PATCH /unverify', async () => {
    const carol = makeUser({ id: 3, name: 'Carol Verified', isVerified: true });
    listAnswer = () => jsonResponse(list([carol]));
    patchAnswer = () => jsonResponse({ ...carol, isVerified: false });
    renderPage();
    fireEvent.click((await rowOf('Carol Verified')).getByRole('button', { name: /View/ }));
    fireEvent.click(dialog().getByRole('button', { name: 'Unverify User' }));
    expect(await dialog().findByRole('button', { name: 'Verify User' })).toBeTruthy();
    expect(requests.at(-1)?.url.pathname).toBe('/api/users/3/unverify');
    expect((await rowOf('Carol Verified')).getByText('Unverified')).toBeTruthy();
  });

  it('logs and shows a failed verification, leaving the user as it was', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    patchAnswer = () => apiError(500, 'internal', 'Something went wrong.');
    renderPage();
    fireEvent.click((await rowOf('Bob Builder')).getByRole('button', { name: /View/ }));
    fireEvent.click(dialog().getByRole('button', { name: 'Verify User' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Failed to verify user');
    expect(logged).toHaveBeenCalledWith('Failed to verify user', expect.anything());
    expect(dialog().getByRole('button', { name: 'Verify User' })).toBeTruthy();
    expect((await rowOf('Bob Builder')).getByText('Unverified')).toBeTruthy();
  });

  it("offers no Unverify User on the administrator's own account, and says why", async () => {
    await authStore.check();
    renderPage();
    fireEvent.click((await rowOf('Ada Admin')).getByRole('button', { name: /View/ }));
    expect(dialog().getByText('You cannot unverify your own account.')).toBeTruthy();
    expect(dialog().queryByRole('button', { name: 'Unverify User' })).toBeNull();
    expect(dialog().getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Close' }));

    fireEvent.click((await rowOf('Bob Builder')).getByRole('button', { name: /View/ }));
    expect(dialog().getByRole('button', { name: 'Verify User' })).toBeTruthy();
  });

  it("names the server's refusal to unverify an administrator's own account", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const carol = makeUser({ id: 3, name: 'Carol Verified', isVerified: true });
    listAnswer = () => jsonResponse(list([carol]));
    patchAnswer = () => apiError(409, 'own_account', 'You cannot unverify your own account.');
    renderPage();
    fireEvent.click((await rowOf('Carol Verified')).getByRole('button', { name: /View/ }));
    fireEvent.click(dialog().getByRole('button', { name: 'Unverify User' }));
    expect((await dialog().findByRole('alert')).textContent).toBe(
      'Failed to verify user: You cannot unverify your own account.',
    );
  });

  it('closes the details with Close, Escape and a click on the backdrop', async () => {
    renderPage();
    const view = (await rowOf('Bob Builder')).getByRole('button', { name: /View/ });

    fireEvent.click(view);
    fireEvent.click(dialog().getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(view);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(view);
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
