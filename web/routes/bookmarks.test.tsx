import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bookmark, BookmarkedPapersPage } from '../../common/bookmarks.js';
import type { PaperCard } from '../../common/papers.js';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, deferred, type FakeHandler, jsonResponse, makeUser } from '../test/fake-api.js';
import { makePaperCard } from '../test/papers.js';
import { renderRoute } from '../test/render.js';
import { BookmarksPage } from './bookmarks.js';

const reader = makeUser({ name: 'Rita Reader' });

const agents = makePaperCard(7, {
  title: 'Self-Evolving Agents',
  pdfUrl: 'https://arxiv.org/pdf/2601.00002',
  arxivId: '2601.00002',
  submittedDate: '2026-01-05',
  abstract: 'Abstract of Self-Evolving Agents.',
});
const oldStyle = makePaperCard(9, {
  title: 'An Old-Style Paper',
  arxivId: 'math/9501234',
  submittedDate: '1995-01-10',
});
const bookmarkOf = (id: number, { id: paperId, arxivId }: PaperCard): Bookmark => ({
  id,
  paperId,
  arxivId,
  createdAt: '2026-02-01T10:00:00.000Z',
});
const itemOf = (id: number, paper: PaperCard) => ({ bookmark: bookmarkOf(id, paper), paper });

const fakeApi = setUpFakeAuthApi();

/** The bookmarks screen's pages: the first without a cursor, each next under the cursor before it. */
function pagesOf(...pages: BookmarkedPapersPage['items'][]): FakeHandler {
  return ({ url }) => {
    const index = Number(url.searchParams.get('cursor') ?? 0);
    return jsonResponse({ items: pages[index] ?? [], nextCursor: index + 1 < pages.length ? String(index + 1) : null });
  };
}

function answerPages(...pages: BookmarkedPapersPage['items'][]) {
  fakeApi.handlers['GET /api/bookmarks/papers'] = pagesOf(...pages);
}

async function cardOf(title: string) {
  const article = (await screen.findByRole('heading', { name: title })).closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  return within(article);
}

const pathsRequested = () => fakeApi.requests.map(({ method, url }) => `${method} ${url.pathname}${url.search}`);
const titlesShown = () =>
  screen
    .queryAllByRole('heading', { level: 2 })
    .filter((heading) => heading.closest('article'))
    .map((heading) => heading.textContent);

beforeAll(async () => {
  await loadNamespaces(['bookmarks']);
});
beforeEach(() => {
  sessionStorage.clear();
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: reader });
  authStore.signedIn(reader);
});

describe('BookmarksPage', () => {
  it('shows a spinner, then the cards of its first page, newest bookmark first, from one request', async () => {
    const page = deferred<Response>();
    fakeApi.handlers['GET /api/bookmarks/papers'] = () => page.promise;
    renderRoute('/bookmarks', BookmarksPage);

    expect(screen.getByRole('heading', { level: 1, name: 'My Bookmarks' })).toBeTruthy();
    expect(screen.getByText('Your saved AI research papers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to AI Digest' }).getAttribute('href')).toBe('/ai-digest');
    expect(screen.getByRole('status').textContent).toBe('Loading your bookmarks...');

    page.resolve(jsonResponse({ items: [itemOf(2, oldStyle), itemOf(1, agents)], nextCursor: null }));
    const card = await cardOf('Self-Evolving Agents');
    expect(card.getByText('January 5, 2026')).toBeTruthy();
    expect(card.getByText('Agents')).toBeTruthy();
    expect(card.getByRole('img').getAttribute('src')).toMatch(/^\/api\/image\/2601\.00002\/data\?v=1-[0-9a-z]+$/);
    expect(card.getByText('Abstract of Self-Evolving Agents.').className).toContain('line-clamp');
    // Read More says which paper it opens to a screen reader and a crawler (jsdom drops the space before the dash).
    expect(card.getByRole('link', { name: /^Read More ?– Self-Evolving Agents$/ }).getAttribute('href')).toBe(
      '/ai-digest/2601.00002',
    );
    // Every bookmark downloads for a reference manager or a spreadsheet.
    const exports = within(screen.getByRole('region', { name: 'Export all bookmarks' }));
    for (const [name, href] of [
      ['BibTeX', '/api/bookmarks/export.bib'],
      ['RIS', '/api/bookmarks/export.ris'],
      ['CSV', '/api/bookmarks/export.csv'],
    ]) {
      const link = exports.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.hasAttribute('download')).toBe(true);
    }
    const pdf = card.getByRole('link', { name: /View PDF/ });
    expect(pdf.getAttribute('href')).toBe('https://arxiv.org/pdf/2601.00002');
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(card.getByRole('button', { name: 'Remove bookmark' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    expect(titlesShown()).toEqual(['An Old-Style Paper', 'Self-Evolving Agents']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(pathsRequested().filter((path) => !path.startsWith('GET /api/auth/'))).toEqual([
      'GET /api/bookmarks/papers',
    ]);
  });

  it('gives a reader with 300 bookmarks the first page in one request, and the next with Load more', async () => {
    const papers = Array.from({ length: 300 }, (_, index) => makePaperCard(index + 1));
    const items = papers.map((paper, index) => itemOf(300 - index, paper));
    answerPages(items.slice(0, 12), items.slice(12, 24));
    renderRoute('/bookmarks', BookmarksPage);

    await cardOf('Paper 1');
    expect(titlesShown()).toHaveLength(12);
    const requested = () => pathsRequested().filter((path) => !path.startsWith('GET /api/auth/'));
    expect(requested()).toEqual(['GET /api/bookmarks/papers']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await cardOf('Paper 24');
    expect(titlesShown()).toEqual(papers.slice(0, 24).map((paper) => paper.title));
    expect(requested()).toEqual(['GET /api/bookmarks/papers', 'GET /api/bookmarks/papers?cursor=1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when the next page fails, keeps the cards, and loads it when asked again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const pages = pagesOf([itemOf(2, oldStyle)], [itemOf(1, agents)]);
    fakeApi.handlers['GET /api/bookmarks/papers'] = (request) =>
      request.url.searchParams.has('cursor') ? apiError(503, 'unavailable', 'Down.') : pages(request);
    renderRoute('/bookmarks', BookmarksPage);
    await cardOf('An Old-Style Paper');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'More bookmarks could not be loaded. Please try again.',
    );
    expect(logged).toHaveBeenCalledWith('Error fetching bookmarks', expect.anything());
    expect(titlesShown()).toEqual(['An Old-Style Paper']);

    fakeApi.handlers['GET /api/bookmarks/papers'] = pages;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await cardOf('Self-Evolving Agents');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there are no bookmarks yet and leads to the digest', async () => {
    answerPages([]);
    renderRoute('/bookmarks', BookmarksPage);
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeTruthy();
    expect(
      screen.getByText('Discover fascinating AI research papers and save your favorites here for easy access later.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Papers' }).getAttribute('href')).toBe('/ai-digest');
  });

  it('opens a paper with Read More, marking the bookmarks page as the way back', async () => {
    answerPages([itemOf(2, oldStyle)]);
    const { router } = renderRoute('/bookmarks', BookmarksPage);
    fireEvent.click((await cardOf('An Old-Style Paper')).getByRole('link', { name: /^Read More ?– / }));
    expect(router.state.location.pathname).toBe('/ai-digest/math/9501234');
    expect(sessionStorage.getItem('returnTo')).toBe('bookmarks');
  });

  it('takes a card out once the server has removed its bookmark', async () => {
    answerPages([itemOf(2, oldStyle), itemOf(1, agents)]);
    const removal = deferred<Response>();
    fakeApi.handlers['DELETE /api/bookmarks/1'] = () => removal.promise;
    renderRoute('/bookmarks', BookmarksPage);
    fireEvent.click((await cardOf('Self-Evolving Agents')).getByRole('button', { name: 'Remove bookmark' }));
    await waitFor(() => expect(pathsRequested()).toContain('DELETE /api/bookmarks/1'));
    expect(screen.getByRole('heading', { name: 'Self-Evolving Agents' })).toBeTruthy();
    removal.resolve(jsonResponse(bookmarkOf(1, agents)));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Self-Evolving Agents' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'An Old-Style Paper' })).toBeTruthy();
  });

  it('shows the next bookmarks when every card shown was removed and more remain', async () => {
    answerPages([itemOf(2, oldStyle)], [itemOf(1, agents)]);
    fakeApi.handlers['DELETE /api/bookmarks/2'] = () => jsonResponse(bookmarkOf(2, oldStyle));
    renderRoute('/bookmarks', BookmarksPage);
    const remove = (await cardOf('An Old-Style Paper')).getByRole('button', { name: 'Remove bookmark' });
    // The server's first page, now that the bookmark shown is gone.
    answerPages([itemOf(1, agents)]);
    fireEvent.click(remove);
    await cardOf('Self-Evolving Agents');
    expect(titlesShown()).toEqual(['Self-Evolving Agents']);
    expect(screen.queryByRole('heading', { name: 'No bookmarks yet' })).toBeNull();
  });

  it('keeps the card when the server refuses the removal, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerPages([itemOf(1, agents)]);
    fakeApi.handlers['DELETE /api/bookmarks/1'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/bookmarks', BookmarksPage);
    const remove = (await cardOf('Self-Evolving Agents')).getByRole('button', { name: 'Remove bookmark' });
    fireEvent.click(remove);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to remove bookmark', expect.anything()));
    expect(screen.getByRole('heading', { name: 'Self-Evolving Agents' })).toBeTruthy();
    await waitFor(() => expect((remove as HTMLButtonElement).disabled).toBe(false));
  });

  it('logs a failed list and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['GET /api/bookmarks/papers'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/bookmarks', BookmarksPage);
    expect((await screen.findByRole('alert')).textContent).toContain('Your bookmarks could not be loaded.');
    expect(logged).toHaveBeenCalledWith('Failed to fetch bookmarks', expect.anything());
    answerPages([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeTruthy();
  });

  it('reads right to left in Arabic, every text translated', async () => {
    answerPages([]);
    await act(() => changeLocale('ar'));
    try {
      renderRoute('/bookmarks', BookmarksPage);
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'إشاراتي المرجعية' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'العودة إلى ملخص الأبحاث' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'لا توجد إشارات مرجعية بعد' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'استكشف الأوراق البحثية' })).toBeTruthy();
      // Nothing to export yet: no export buttons.
      expect(screen.queryByRole('region', { name: 'تصدير كل الإشارات المرجعية' })).toBeNull();
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
