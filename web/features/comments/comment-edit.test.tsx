import { fireEvent, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n.js';
import { apiError, jsonResponse, makeUser } from '../../test/fake-api.js';
import { commentTexts, setUpPaperComments } from '../../test/paper-comments.js';
import { makeComment } from '../../test/papers.js';
import { authStore } from '../auth/auth-store.js';

const { fakeApi, minutesAgo, serveComments, openPaper } = setUpPaperComments();

const patches = () =>
  fakeApi.requests
    .filter((request) => request.method === 'PATCH')
    .map((request) => [request.url.pathname, request.body]);

/** The editor holding the comment, once Edit has opened it. */
async function editorIn(item: HTMLElement): Promise<Editor> {
  const editable = await within(item).findByRole('textbox', { name: 'Edit your comment' });
  return (editable as HTMLElement & { editor: Editor }).editor;
}

describe("editing one's own comment", () => {
  // A visitor's test first: the page's check of the session, once a file, would sign out a reader signed in before it.
  it('says in Arabic when a comment was edited', async () => {
    await changeLocale('ar');
    try {
      serveComments([makeComment({ createdAt: minutesAgo(30), editedAt: minutesAgo(5) })]);
      const [item] = (await (await openPaper()).items()) as [HTMLElement];
      expect(within(item).getByText('عُدِّل قبل 5 دقائق').tagName).toBe('TIME');
    } finally {
      await changeLocale('en');
    }
  });

  it('opens the comment in the editor, sends the change, and shows it in place marked edited', async () => {
    authStore.signedIn(makeUser({ id: 1, name: 'Me' }));
    serveComments([
      makeComment({ id: 4, userId: 2, text: '<p>newer, not mine</p>', createdAt: minutesAgo(1) }),
      makeComment({ id: 5, userId: 1, name: 'Me', text: '<p>teh typo</p>', createdAt: minutesAgo(9) }),
    ]);
    fakeApi.handlers['PATCH /api/comments/5'] = ({ body }) =>
      jsonResponse(
        makeComment({
          id: 5,
          userId: 1,
          name: 'Me',
          text: (body as { text: string }).text,
          createdAt: minutesAgo(9),
          editedAt: minutesAgo(5),
        }),
      );
    const { items } = await openPaper();
    const [theirs, mine] = (await items()) as [HTMLElement, HTMLElement];

    // Cancel leaves the comment as it was, unsent.
    fireEvent.click(await within(mine).findByRole('button', { name: 'Edit' }));
    expect((await editorIn(mine)).getHTML()).toBe('<p>teh typo</p>');
    fireEvent.click(within(mine).getByRole('button', { name: 'Cancel' }));
    expect(within(mine).queryByRole('textbox')).toBeNull();
    expect(commentTexts(await items())).toEqual(['newer, not mine', 'teh typo']);

    fireEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    (await editorIn(mine)).commands.setContent('<p>the <strong>fix</strong></p>');
    fireEvent.click(within(mine).getByRole('button', { name: 'Save changes' }));
    await waitFor(async () => expect(commentTexts(await items())).toEqual(['newer, not mine', 'the fix']));
    expect(patches()).toEqual([['/api/comments/5', { text: '<p>the <strong>fix</strong></p>' }]]);
    expect(within(mine).queryByRole('textbox')).toBeNull();
    const edited = within(mine).getByText('edited 5 minutes ago');
    expect(edited.tagName).toBe('TIME');
    expect(edited.getAttribute('dateTime')).toBe(minutesAgo(5));
    expect(edited.getAttribute('title')).toMatch(/2025/);
    expect(within(theirs).queryByText(/edited/)).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers no Edit on a comment a moderator removed, and keeps the text when the server refuses', async () => {
    authStore.signedIn(makeUser({ id: 1 }));
    serveComments([
      makeComment({ id: 6, userId: 1, text: '<p>open</p>', createdAt: minutesAgo(1) }),
      makeComment({
        id: 7,
        userId: 1,
        text: '<p>removed</p>',
        createdAt: minutesAgo(2),
        removal: { removedAt: minutesAgo(1), reason: 'Spam' },
      }),
    ]);
    fakeApi.handlers['PATCH /api/comments/6'] = () =>
      apiError(409, 'comment_removed', 'A comment a moderator removed cannot be edited.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { items } = await openPaper();
    const [open, removed] = (await items()) as [HTMLElement, HTMLElement];
    fireEvent.click(await within(open).findByRole('button', { name: 'Edit' }));
    expect(within(removed).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(removed).queryByRole('button', { name: 'Edit' })).toBeNull();

    (await editorIn(open)).commands.setContent('<p>changed</p>');
    fireEvent.click(within(open).getByRole('button', { name: 'Save changes' }));
    expect(await within(open).findByRole('alert')).toHaveProperty(
      'textContent',
      'A moderator removed this comment: it can no longer be edited.',
    );
    expect((await editorIn(open)).getHTML()).toBe('<p>changed</p>');
  });
});
