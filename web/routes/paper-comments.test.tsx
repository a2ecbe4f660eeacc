import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '../../common/comment-rules.js';
import { authStore } from '../features/auth/auth-store.js';
import { changeLocale } from '../lib/i18n.js';
import { apiError, jsonResponse, makeUser } from '../test/fake-api.js';
import { commentTexts, setUpPaperComments } from '../test/paper-comments.js';
import { makeComment } from '../test/papers.js';

const { fakeApi, paper, minutesAgo, serveComments, openPaper } = setUpPaperComments();

/** The comment pages asked for, as `order cursor limit`. */
const pagesAsked = () =>
  fakeApi.requests
    .filter(({ url }) => url.pathname === `/api/comments/${paper.id}/page`)
    .map(({ url }) => ['order', 'cursor', 'limit'].map((name) => url.searchParams.get(name) ?? '-').join(' '));

describe('the comments of a paper', () => {
  it('asks a visitor to sign in to write a comment, and shows no editor', async () => {
    serveComments([]);
    const { region } = await openPaper();
    const prompt = await within(region).findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Please sign in to write a comment.',
    );
    expect(within(prompt).getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/authenticate');
    expect(await within(region).findByText('No comments yet.')).toBeTruthy();
    expect(within(region).queryByRole('textbox')).toBeNull();
  });

  it('shows each comment with its author, its sanitised text and its age', async () => {
    serveComments([
      makeComment({
        name: 'Grace <b>Hopper</b>',
        text: '<p><strong>Bold</strong> idea<img src="x" onerror="alert(1)"></p>',
        createdAt: minutesAgo(0),
      }),
    ]);
    const { items } = await openPaper();
    const [item] = await items();
    expect(within(item as HTMLElement).getByText('Grace <b>Hopper</b>')).toBeTruthy();
    expect((item as HTMLElement).querySelector('strong')?.textContent).toBe('Bold');
    expect((item as HTMLElement).querySelector('img')).toBeNull();
    expect(within(item as HTMLElement).getByText('just now')).toBeTruthy();
  });

  it.each([
    [
      'en',
      [0, 1, 59, 60, 119, 23 * 60 + 59, 24 * 60, 2 * 24 * 60, 30 * 24 * 60],
      [
        'just now',
        '1 minute ago',
        '59 minutes ago',
        '1 hour ago',
        '1 hour ago',
        '23 hours ago',
        '1 day ago',
        '2 days ago',
        '30 days ago',
      ],
    ],
    [
      'ar',
      [0, 1, 2, 3, 11, 120, 5 * 60, 24 * 60, 2 * 24 * 60, 5 * 24 * 60, 30 * 24 * 60, 100 * 24 * 60],
      [
        'الآن',
        'قبل دقيقة واحدة',
        'قبل دقيقتين',
        'قبل 3 دقائق',
        'قبل 11 دقيقة',
        'قبل ساعتين',
        'قبل 5 ساعات',
        'قبل يوم واحد',
        'قبل يومين',
        'قبل 5 أيام',
        'قبل 30 يومًا',
        'قبل 100 يوم',
      ],
    ],
  ] as const)('says how old each comment is in %s: minutes, then hours, then days', async (locale, ages, expected) => {
    await changeLocale(locale);
    try {
      serveComments(ages.map((minutes) => makeComment({ createdAt: minutesAgo(minutes) })));
      const { region } = await openPaper();
      await within(region).findAllByRole('listitem');
      // Twelve comments need a second 'Show more'.
      for (let shown = COMMENTS_PAGE_SIZE; shown < ages.length; shown += COMMENTS_PAGE_SIZE) {
        fireEvent.click(within(region).getByRole('button', { name: /Show more|عرض المزيد/ }));
        await waitFor(() =>
          expect(within(region).getAllByRole('listitem')).toHaveLength(
            Math.min(ages.length, shown + COMMENTS_PAGE_SIZE),
          ),
        );
      }
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('time')?.textContent),
      ).toEqual(expected);
    } finally {
      await changeLocale('en');
    }
  });

  it('sorts by most recent or oldest first', async () => {
    serveComments([
      makeComment({ text: '<p>newest</p>', createdAt: minutesAgo(1) }),
      makeComment({ text: '<p>middle</p>', createdAt: minutesAgo(2) }),
      makeComment({ text: '<p>oldest</p>', createdAt: minutesAgo(3) }),
    ]);
    const { region, items } = await openPaper();
    expect(commentTexts(await items())).toEqual(['newest', 'middle', 'oldest']);
    const sort = within(region).getByRole('combobox', { name: 'Sort comments' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Most recent', 'Oldest first']);

    fireEvent.change(sort, { target: { value: 'oldest' } });
    await waitFor(async () => expect(commentTexts(await items())).toEqual(['oldest', 'middle', 'newest']));
    fireEvent.change(sort, { target: { value: 'newest' } });
    await waitFor(async () => expect(commentTexts(await items())).toEqual(['newest', 'middle', 'oldest']));
    expect(pagesAsked()).toEqual(['newest - -', 'oldest - -']);
  });

  it("shows 5 comments, and 'Show more' asks for the next 5 each time", async () => {
    serveComments(Array.from({ length: 12 }, (_, index) => makeComment({ createdAt: minutesAgo(index) })));
    const { region, items } = await openPaper();
    expect(await items()).toHaveLength(5);
    expect(pagesAsked()).toEqual(['newest - -']);
    fireEvent.click(within(region).getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await items()).toHaveLength(10));
    fireEvent.click(within(region).getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await items()).toHaveLength(12));
    expect(within(region).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(pagesAsked()).toEqual(['newest - -', 'newest 5 5', 'newest 10 5']);
  });

  it("says so when more comments cannot be loaded, and asks again with 'Show more'", async () => {
    serveComments(Array.from({ length: 7 }, (_, index) => makeComment({ createdAt: minutesAgo(index) })));
    const pages = fakeApi.handlers[`GET /api/comments/${paper.id}/page`];
    fakeApi.handlers[`GET /api/comments/${paper.id}/page`] = (request) =>
      request.url.searchParams.has('cursor') || !pages ? apiError(503, 'unavailable', 'Down.') : pages(request);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { region, items } = await openPaper();
    expect(await items()).toHaveLength(5);
    fireEvent.click(within(region).getByRole('button', { name: 'Show more' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'More comments could not be loaded. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith('Failed to load more comments', expect.anything());
    expect(await items()).toHaveLength(5);

    if (pages) fakeApi.handlers[`GET /api/comments/${paper.id}/page`] = pages;
    fireEvent.click(within(region).getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await items()).toHaveLength(7));
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it("has no 'Show more' for 5 comments", async () => {
    serveComments(Array.from({ length: 5 }, () => makeComment()));
    const { region, items } = await openPaper();
    expect(await items()).toHaveLength(5);
    expect(within(region).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("offers Share and Delete only on the signed-in reader's own comments, and Report on others'", async () => {
    authStore.signedIn(makeUser({ id: 1 }));
    serveComments([
      makeComment({ userId: 1, name: 'Me', createdAt: minutesAgo(1) }),
      makeComment({ userId: 2, name: 'Someone else', createdAt: minutesAgo(2) }),
    ]);
    const [mine, theirs] = (await (await openPaper()).items()) as [HTMLElement, HTMLElement];
    expect(within(mine).getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(
      within(theirs)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Report']);
  });

  it('offers neither Share nor Delete to a visitor', async () => {
    serveComments([makeComment({ userId: 1 })]);
    const [item] = await (await openPaper()).items();
    expect(within(item as HTMLElement).queryByRole('button')).toBeNull();
  });

  it("opens a 600x400 sharing window with the comment's link", async () => {
    authStore.signedIn(makeUser({ id: 1 }));
    serveComments([makeComment({ id: 42, userId: 1 })]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const [item] = await (await openPaper()).items();
    fireEvent.keyDown(within(item as HTMLElement).getByRole('button', { name: 'Share' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share on X' }));
    const link = `${window.location.origin}/comments/comment/42`;
    expect(open).toHaveBeenCalledWith(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}`,
      '_blank',
      'width=600,height=400',
    );
  });

  it.each([
    ['en', 'Share', 'Copy link', 'Link copied'],
    ['ar', 'مشاركة', 'نسخ الرابط', 'تم نسخ الرابط'],
  ] as const)("copies the comment's link from the Share menu in %s", async (locale, share, copyLink, copied) => {
    await changeLocale(locale);
    try {
      authStore.signedIn(makeUser({ id: 1 }));
      serveComments([makeComment({ id: 42, userId: 1 })]);
      const writeText = vi.fn(async () => {});
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const [item] = await (await openPaper()).items();
      fireEvent.keyDown(within(item as HTMLElement).getByRole('button', { name: share }), { key: 'Enter' });
      fireEvent.click(await screen.findByRole('menuitem', { name: copyLink }));
      await waitFor(() => expect(within(item as HTMLElement).getByRole('status').textContent).toBe(copied));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/comments/comment/42`);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
      await changeLocale('en');
    }
  });

  it('deletes a comment only once the author confirms, and when the server has', async () => {
    authStore.signedIn(makeUser({ id: 1 }));
    serveComments([
      makeComment({ id: 5, userId: 1, text: '<p>to delete</p>', createdAt: minutesAgo(1) }),
      makeComment({ text: '<p>stays</p>', createdAt: minutesAgo(2) }),
    ]);
    fakeApi.handlers['DELETE /api/comments/5'] = () => jsonResponse(makeComment({ id: 5, userId: 1 }));
    const { items } = await openPaper();
    const [mine] = (await items()) as [HTMLElement];

    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fakeApi.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(commentTexts(await items())).toEqual(['stays']));
    expect(
      fakeApi.requests.filter((request) => request.method === 'DELETE').map((request) => request.url.pathname),
    ).toEqual(['/api/comments/5']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a comment the server refuses to delete, and says so', async () => {
    authStore.signedIn(makeUser({ id: 1 }));
    serveComments([makeComment({ id: 5, userId: 1, text: '<p>mine</p>' })]);
    fakeApi.handlers['DELETE /api/comments/5'] = () =>
      apiError(403, 'forbidden', 'Only its author may delete a comment.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { items } = await openPaper();
    fireEvent.click(within((await items())[0] as HTMLElement).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveProperty(
      'textContent',
      'The comment could not be deleted. Please try again.',
    );
    expect(commentTexts(await items())).toEqual(['mine']);
  });

  it('shows, scrolls to, focuses and highlights the comment its link points at', async () => {
    const comments = Array.from({ length: 12 }, (_, index) =>
      makeComment({ id: 100 + index, createdAt: minutesAgo(index) }),
    );
    serveComments(comments);
    const { items } = await openPaper('#comment-107');
    await waitFor(() => expect(document.activeElement?.id).toBe('comment-107'));
    const target = document.getElementById('comment-107') as HTMLElement;
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(target.dataset.highlighted).toBe('true');
    // The eighth comment: the list has opened as far as 'Show more' would have.
    expect(await items()).toHaveLength(10);
    expect(document.querySelectorAll('[data-highlighted]')).toHaveLength(1);
    // In search of it, the rest came in one request.
    expect(pagesAsked()).toEqual(['newest - -', 'newest 5 100']);
  });

  it('gives a signed-in reader the editor, and shows a posted comment at the top', async () => {
    authStore.signedIn(makeUser({ id: 1, name: 'Me' }));
    serveComments([makeComment({ text: '<p>older</p>', createdAt: minutesAgo(5) })]);
    fakeApi.handlers['POST /api/comments'] = ({ body }) =>
      jsonResponse(
        makeComment({ userId: 1, name: 'Me', text: (body as { text: string }).text, createdAt: minutesAgo(0) }),
        201,
      );
    const { region, items } = await openPaper();
    expect(within(region).queryByText('Please sign in to write a comment.')).toBeNull();
    const editable = await within(region).findByRole('textbox', { name: 'Write a comment' });
    (editable as HTMLElement & { editor: Editor }).editor.commands.setContent('<p>fresh</p>');

    fireEvent.click(within(region).getByRole('button', { name: 'Post comment' }));
    await waitFor(async () => expect(commentTexts(await items())).toEqual(['fresh', 'older']));
    const [mine] = (await items()) as [HTMLElement];
    expect(within(mine).getByText('just now')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});
