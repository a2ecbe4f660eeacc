import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../common/audit.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { AuditLogPage } from './admin-audit.js';

const fakeApi = setUpAdminScreen(['admin-audit', 'admin']);

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  createdAt: '2025-03-16T12:00:00.000Z',
  actor: { id: 1, name: 'Ada Admin', email: 'ada@example.org' },
  action: 'paper.edited',
  objectType: 'paper',
  objectId: '2401.00001',
  objectName: null,
  before: null,
  after: null,
  ...overrides,
});

const queries = () => requestsTo(fakeApi, 'GET', '/api/admin/audit').map(({ url }) => url.search);

describe('/admin/audit', () => {
  it('shows who did what to which object, with the values before and after', async () => {
    fakeApi.handlers['GET /api/admin/audit'] = () =>
      jsonResponse({
        entries: [
          entry(3, { before: { title: 'Old title' }, after: { title: 'New title' } }),
          entry(2, { actor: null, action: 'user.promoted', objectType: 'user', objectId: '5' }),
          entry(1, {
            actor: { id: 9, name: null, email: null },
            action: 'category.deleted',
            objectType: 'category',
            objectId: 'Robotics',
          }),
        ],
        nextBefore: null,
      } satisfies AuditPage);
    renderRoute('/admin/audit', AuditLogPage);
    const [edited, promoted, deleted] = (await screen.findAllByRole('article')).map((article) => within(article));
    expect(edited?.getByRole('heading', { name: 'Paper edited' })).toBeTruthy();
    expect(edited?.getByText(/Ada Admin \(ada@example.org\)/)).toBeTruthy();
    expect(edited?.getByText('Old title')).toBeTruthy();
    expect(edited?.getByText('New title')).toBeTruthy();
    expect(promoted?.getByText('Command line')).toBeTruthy();
    expect(promoted?.getByRole('heading', { name: 'Made administrator' })).toBeTruthy();
    expect(deleted?.getByText('Account 9 (deleted)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older actions' })).toBeNull();
  });

  it('asks for the filters chosen, applied together, and clears them', async () => {
    fakeApi.handlers['GET /api/admin/audit'] = () => jsonResponse({ entries: [], nextBefore: null });
    renderRoute('/admin/audit', AuditLogPage);
    expect(await screen.findByText('No actions recorded')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'comment.removed' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Administrator id' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Object' }), { target: { value: 'comment' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Object id' }), { target: { value: ' 12 ' } });
    expect(queries()).toEqual(['']);
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(queries().at(-1)).toBe('?action=comment.removed&actor=4&objectType=comment&objectId=12'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries().at(-1)).toBe(''));
  });

  it('loads older actions on request, after the last one shown', async () => {
    fakeApi.handlers['GET /api/admin/audit'] = ({ url }) =>
      jsonResponse(
        url.searchParams.get('before') === '5'
          ? { entries: [entry(4, { action: 'queue.removed' })], nextBefore: null }
          : { entries: [entry(6), entry(5)], nextBefore: 5 },
      );
    renderRoute('/admin/audit', AuditLogPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Load older actions' }));
    expect(await screen.findByRole('heading', { name: 'Removed from the queue' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(queries()).toEqual(['', '?before=5']);
    expect(screen.queryByRole('button', { name: 'Load older actions' })).toBeNull();
  });
});
