import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminComment, AdminCommentList } from '../../common/moderation.js';
import { changeLocale } from '../lib/i18n.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { jsonResponse } from '../test/fake-api.js';
import { makeComment } from '../test/papers.js';
import { renderRoute } from '../test/render.js';
import { ManageCommentsPage } from './admin-comments.js';

const fakeApi = setUpAdminScreen(['admin-comments', 'comments', 'admin']);
afterEach(async () => {
  await changeLocale('en');
});

const adminComment = (overrides: Partial<AdminComment>): AdminComment => ({
  ...makeComment({ paperId: 7, userId: 2, name: 'Sam Spammer', createdAt: '2025-03-16T12:00:00.000Z' }),
  paperArxivId: '2401.00001',
  paperTitle: 'Agents that plan',
  authorEmail: 'sam@example.org',
  reports: [],
  ...overrides,
});

const spam = adminComment({
  id: 8,
  text: '<p>Buy followers</p>',
  reports: [
    {
      id: 1,
      commentId: 8,
      reason: 'spam',
      text: 'Ads again',
      createdAt: '2025-03-16T12:05:00.000Z',
      reporter: { id: 3, name: 'Rita Reader', email: 'rita@example.org' },
    },
  ],
});
const fine = adminComment({ id: 9, text: '<p>A fine point</p>', userId: 4, name: 'Fay Fine', reports: [] });

function serve(comments: AdminComment[]) {
  fakeApi.handlers['GET /api/admin/comments'] = () =>
    jsonResponse({
      comments,
      pagination: { page: 1, limit: 20, total: comments.length, totalPages: 1 },
    } satisfies AdminCommentList);
}
const listQueries = () => requestsTo(fakeApi, 'GET', '/api/admin/comments').map(({ url }) => url.search);
const cardOf = async (text: string) => (await screen.findByText(text)).closest('article') as HTMLElement;

describe('/admin/comments', () => {
  it('lists comments with their open reports, and filters by reports, paper and author', async () => {
    serve([spam, fine]);
    renderRoute('/admin/comments', ManageCommentsPage);
    const card = within(await cardOf('Buy followers'));
    expect(card.getByText('1 open report')).toBeTruthy();
    expect(card.getByText('Spam')).toBeTruthy();
    expect(card.getByText('Ads again')).toBeTruthy();
    expect(card.getByText(/Reported by Rita Reader \(rita@example.org\)/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'On Agents that plan' }).getAttribute('href')).toBe(
      '/ai-digest/2401.00001#comment-8',
    );
    expect(within(await cardOf('A fine point')).queryByRole('button', { name: 'Dismiss reports' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Reported only' }));
    fireEvent.click(card.getByRole('button', { name: 'Only this paper' }));
    fireEvent.click(card.getByRole('button', { name: 'Only this author' }));
    await waitFor(() => expect(listQueries().at(-1)).toBe('?page=1&limit=20&reported=true&paperId=7&authorId=2'));
    fireEvent.click(screen.getByRole('button', { name: 'Show all: Author: Sam Spammer' }));
    await waitFor(() => expect(listQueries().at(-1)).toBe('?page=1&limit=20&reported=true&paperId=7'));
  });

  it('removes a comment once confirmed, with the reason its author sees, and dismisses reports', async () => {
    serve([spam, fine]);
    fakeApi.handlers['DELETE /api/admin/comments/8'] = () =>
      jsonResponse({
        ...makeComment({ id: 8, userId: 2 }),
        removal: { removedAt: '2025-03-16T13:00:00.000Z', reason: 'Ads' },
      });
    fakeApi.handlers['POST /api/admin/comments/8/dismiss-reports'] = () =>
      jsonResponse({ dismissed: 1, message: '1 report dismissed' });
    renderRoute('/admin/comments', ManageCommentsPage);
    const card = within(await cardOf('Buy followers'));

    fireEvent.click(card.getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText('Reports dismissed')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Remove' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this comment?' }));
    fireEvent.change(dialog.getByRole('textbox'), { target: { value: ' Ads ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Comment removed')).toBeTruthy();
    expect(requestsTo(fakeApi, 'DELETE', '/api/admin/comments/8').map(({ body }) => body)).toEqual([{ reason: 'Ads' }]);
    expect(requestsTo(fakeApi, 'POST', '/api/admin/comments/8/dismiss-reports')).toHaveLength(1);
    // Each change lists the comments again.
    expect(listQueries().length).toBeGreaterThanOrEqual(3);
  });

  it('reads right to left in Arabic', async () => {
    await changeLocale('ar');
    serve([spam]);
    renderRoute('/admin/comments', ManageCommentsPage);
    const card = within(await cardOf('Buy followers'));
    expect(screen.getByRole('heading', { level: 1, name: 'إدارة التعليقات' })).toBeTruthy();
    expect(card.getByText('بلاغ مفتوح واحد')).toBeTruthy();
    expect(card.getByText('رسائل مزعجة')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
