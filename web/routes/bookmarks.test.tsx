import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bookmark } from '../../common/bookmarks.js';
import type { PaperDetail } from '../../common/papers.js';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, deferred, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { BookmarksPage } from './bookmarks.js';

const reader = makeUser({ name: 'Rita Reader' });

function paper(id: number, arxivId: string, title: string, submittedDate: string): PaperDetail {
  return {
    id,
    arxivId,
    version: 1,
    title,
    pdfUrl: `https://arxiv.org/pdf/${arxivId}`,
    abstract: `Abstract of ${title}.`,
    submittedDate,
    authors: ['Ada Lovelace'],
    translated: false,
    // The detail's own categories are not shown: the page takes them from the categories call.
    categories: [{ name: 'Stale', nameAr: null }],
    abstractTranslation: null,
    summary: null,
    summaryModel: null,
    summaryAr: null,
  };
}

const agents = paper(7, '2601.00002', 'Self-Evolving Agents', '2026-01-05');
const oldStyle = paper(9, 'math/9501234', 'An Old-Style Paper', '1995-01-10');
const bookmarkOf = (id: number, { id: paperId, arxivId }: PaperDetail): Bookmark => ({
  id,
  paperId,
  arxivId,
  createdAt: '2026-02-01T10:00:00.000Z',
});

const fakeApi = setUpFakeAuthApi();

function answerPapers(...papers: PaperDetail[]) {
  for (const answer of papers) {
    fakeApi.handlers[`GET /api/papers/${answer.id}`] = () => jsonResponse(answer);
    fakeApi.handlers[`GET /api/papers/${answer.arxivId}/categories`] = () =>
      jsonResponse([{ name: 'Agents', nameAr: null }]);
  }
}

function answerBookmarks(list: Bookmark[]) {
  fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse(list);
}

async function cardOf(title: string) {
  const article = (await screen.findByRole('heading', { name: title })).closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  return within(article);
}

const pathsRequested = () => fakeApi.requests.map(({ method, url }) => `${method} ${url.pathname}`);

beforeAll(async () => {
  await loadNamespaces(['bookmarks']);
});
beforeEach(() => {
  sessionStorage.clear();
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: reader });
  authStore.signedIn(reader);
});

describe('BookmarksPage', () => {
  it('shows a spinner, then each bookmarked paper fetched by its id with the categories of its own call', async () => {
    const list = deferred<Response>();
    fakeApi.handlers['GET /api/bookmarks'] = () => list.promise;
    answerPapers(agents, oldStyle);
    renderRoute('/bookmarks', BookmarksPage);

    expect(screen.getByRole('heading', { level: 1, name: 'My Bookmarks' })).toBeTruthy();
    expect(screen.getByText('Your saved AI research papers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to AI Digest' }).getAttribute('href')).toBe('/ai-digest');
    expect(screen.getByRole('status').textContent).toBe('Loading your bookmarks...');

    list.resolve(jsonResponse([bookmarkOf(2, oldStyle), bookmarkOf(1, agents)]));
    const card = await cardOf('Self-Evolving Agents');
    expect(card.getByText('January 5, 2026')).toBeTruthy();
    expect(card.getByText('Agents')).toBeTruthy();
    expect(card.queryByText('Stale')).toBeNull();
    expect(card.getByRole('img').getAttribute('src')).toBe('/api/image/2601.00002/data');
    expect(card.getByText('Abstract of Self-Evolving Agents.').className).toContain('line-clamp');
    expect(card.getByRole('button', { name: 'Read More' })).toBeTruthy();
    const pdf = card.getByRole('link', { name: /View PDF/ });
    expect(pdf.getAttribute('href')).toBe('https://arxiv.org/pdf/2601.00002');
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(card.getByRole('button', { name: 'Remove bookmark' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();

    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['An Old-Style Paper', 'Self-Evolving Agents']);
    const paperCalls = pathsRequested().filter((path) => path.includes('/api/papers/'));
    expect(paperCalls).toEqual(
      expect.arrayContaining([
        'GET /api/papers/9',
        'GET /api/papers/math/9501234/categories',
        'GET /api/papers/7',
        'GET /api/papers/2601.00002/categories',
      ]),
    );
    expect(paperCalls.indexOf('GET /api/papers/9')).toBeLessThan(
      paperCalls.indexOf('GET /api/papers/math/9501234/categories'),
    );
  });

  it('shows a paper without categories when its categories call fails', async () => {
    answerBookmarks([bookmarkOf(1, agents)]);
    answerPapers(agents);
    fakeApi.handlers['GET /api/papers/2601.00002/categories'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/bookmarks', BookmarksPage);
    const card = await cardOf('Self-Evolving Agents');
    expect(card.queryByRole('list', { name: 'Categories' })).toBeNull();
    expect(card.getByRole('button', { name: 'Read More' })).toBeTruthy();
  });

  it('says there are no bookmarks yet and leads to the digest', async () => {
    answerBookmarks([]);
    renderRoute('/bookmarks', BookmarksPage);
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeTruthy();
    expect(
      screen.getByText('Discover fascinating AI research papers and save your favorites here for easy access later.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Papers' }).getAttribute('href')).toBe('/ai-digest');
  });

  it('opens a paper with Read More, marking the bookmarks page as the way back', async () => {
    answerBookmarks([bookmarkOf(2, oldStyle)]);
    answerPapers(oldStyle);
    const { router } = renderRoute('/bookmarks', BookmarksPage);
    fireEvent.click((await cardOf('An Old-Style Paper')).getByRole('button', { name: 'Read More' }));
    expect(router.state.location.pathname).toBe('/ai-digest/math/9501234');
    expect(sessionStorage.getItem('returnTo')).toBe('bookmarks');
  });

  it('takes a card out once the server has removed its bookmark', async () => {
    answerBookmarks([bookmarkOf(2, oldStyle), bookmarkOf(1, agents)]);
    answerPapers(agents, oldStyle);
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

  it('keeps the card when the server refuses the removal, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerBookmarks([bookmarkOf(1, agents)]);
    answerPapers(agents);
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
    fakeApi.handlers['GET /api/bookmarks'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/bookmarks', BookmarksPage);
    expect((await screen.findByRole('alert')).textContent).toContain('Your bookmarks could not be loaded.');
    expect(logged).toHaveBeenCalledWith('Failed to fetch bookmarks', expect.anything());
    answerBookmarks([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeTruthy();
  });

  it('reads right to left in Arabic, every text translated', async () => {
    answerBookmarks([]);
    await act(() => changeLocale('ar'));
    try {
      renderRoute('/bookmarks', BookmarksPage);
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'إشاراتي المرجعية' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'العودة إلى ملخص الأبحاث' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'لا توجد إشارات مرجعية بعد' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'استكشف الأوراق البحثية' })).toBeTruthy();
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
