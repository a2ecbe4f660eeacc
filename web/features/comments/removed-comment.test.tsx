import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminComment } from '../../../common/moderation.js';
import { changeLocale, initI18n, loadNamespaces } from '../../lib/i18n.js';
import { makeComment } from '../../test/papers.js';
import { AdminCommentCard } from '../admin-comments/components/admin-comment-card.js';
import { CommentItem } from './components/comment-item.js';

const TEXT =
  '<p>My chart:</p><p><img src="/uploads/0123456789abcdef0123456789abcdef.webp" alt="A chart of scores"></p><ul><li>first</li><li>second</li></ul>';
const NOW = Date.parse('2026-11-28T12:00:00.000Z');

function showToAuthor(reason: string) {
  const comment = makeComment({
    userId: 1,
    text: TEXT,
    removal: { removedAt: '2026-11-28T11:00:00.000Z', reason },
  });
  const { container } = render(
    <ul>
      <CommentItem comment={comment} now={NOW} isAuthor highlighted={false} onDelete={() => {}} />
    </ul>,
  );
  return within(container);
}

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['comments', 'admin-comments']);
});
afterEach(async () => {
  cleanup();
  await act(() => changeLocale('en'));
});

describe('a comment a moderator removed, as its author sees it', () => {
  it('says where each image was that a moderator removed it, instead of asking the server for it', () => {
    const item = showToAuthor('Spam.');
    expect(document.querySelector('img')).toBeNull();
    expect(item.getByText('Image removed by a moderator')).toBeTruthy();
    expect(item.getByText('first')).toBeTruthy();
  });

  it('in Arabic too, with an English reason isolated so that its full stop stays at its end', async () => {
    await act(() => changeLocale('ar'));
    const item = showToAuthor('Spam links.');
    expect(document.querySelector('img')).toBeNull();
    expect(item.getByText('صورة أزالها أحد المشرفين')).toBeTruthy();
    // First strong isolate … pop directional isolate: the reason is laid out on its own, left to right.
    expect(item.getByText('السبب: \u2068Spam links.\u2069')).toBeTruthy();
  });
});

describe('a comment on /admin/comments', () => {
  it('is shown as readers saw it: its images, and the list styles of the reader’s view', () => {
    const comment: AdminComment = {
      ...makeComment({ text: TEXT }),
      paperArxivId: '2606.32002',
      paperTitle: 'Agents that plan',
      authorEmail: 'rita@example.org',
      reports: [],
    };
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <AdminCommentCard
            comment={comment}
            dismissing={false}
            onRemove={() => {}}
            onDismiss={() => {}}
            onOnlyPaper={() => {}}
            onOnlyAuthor={() => {}}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['first', 'second']);
    // The bullets come from the same rich-text styles the reader's comment has.
    expect(list.parentElement?.className).toContain('[&_ul]:list-disc');
    expect(screen.getByRole('img', { name: 'A chart of scores' })).toBeTruthy();
  });
});
