import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bookmark } from '../../common/bookmarks.js';
import type { PaperCard, PaperList } from '../../common/papers.js';
import type { PublicUser } from '../../common/users.js';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { apiError, deferred, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { DigestListPage } from './ai-digest.js';

const rita = makeUser({ name: 'Rita Reader' });
const sam = makeUser({ name: 'Sam Second' });

function paper(id: number, arxivId: string, title: string): PaperCard {
  return {
    id,
    arxivId,
    version: 1,
    title,
    pdfUrl: `https://arxiv.org/pdf/${arxivId}`,
    abstract: `Abstract of ${title}.`,
    submittedDate: '2026-01-05',
    authors: ['Ada Lovelace'],
    translated: false,
    categories: [{ name: 'Agents', nameAr: null }],
  };
}

const agents = paper(7, '2601.00002', 'Self-Evolving Agents');
const oldStyle = paper(9, 'math/9501234', 'An Old-Style Paper');
const page: PaperList = {
  papers: [agents, oldStyle],
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalCount: 2,
    limit: 6,
    hasNextPage: false,
    hasPreviousPage: false,
    nextPage: null,
    previousPage: null,
  },
};
const bookmarkOf = (id: number, { id: paperId, arxivId }: PaperCard): Bookmark => ({
  id,
  paperId,
  arxivId,
  createdAt: '2026-02-01T10:00:00.000Z',
});

const fakeApi = setUpFakeAuthApi();
let checkAnswer: PublicUser | null = rita;

/** The toggle of a card, found by its paper's title; it is enabled once the reader's list is known. */
async function toggleOf(title: string): Promise<HTMLButtonElement> {
  const article = (await screen.findByRole('heading', { name: title })).closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  const toggle = await within(article).findByRole('button', { name: /^(Bookmark|Un-bookmark)$/ });
  await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
  return toggle as HTMLButtonElement;
}

const bookmarkListCalls = () =>
  fakeApi.requests.filter(({ method, url }) => method === 'GET' && url.pathname === '/api/bookmarks').length;

beforeAll(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});
beforeEach(() => {
  sessionStorage.clear();
  checkAnswer = rita;
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: checkAnswer });
  fakeApi.handlers['GET /api/papers'] = () => jsonResponse(page);
  fakeApi.handlers['GET /api/categories/names'] = () => jsonResponse([{ name: 'Agents', nameAr: null }]);
  fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse([bookmarkOf(3, oldStyle)]);
  authStore.signedIn(rita);
});

describe('the bookmark toggle on digest cards', () => {
  it("shows each card's state from the reader's own list", async () => {
    renderRoute('/ai-digest', DigestListPage);
    const unmarked = await toggleOf('Self-Evolving Agents');
    expect(unmarked.getAttribute('title')).toBe('Bookmark');
    expect(unmarked.getAttribute('aria-pressed')).toBe('false');
    const marked = await toggleOf('An Old-Style Paper');
    expect(marked.getAttribute('title')).toBe('Un-bookmark');
    expect(marked.getAttribute('aria-pressed')).toBe('true');
    expect(bookmarkListCalls()).toBe(1);
  });

  it('bookmarks a paper once the server has created the bookmark', async () => {
    const created = deferred<Response>();
    fakeApi.handlers['POST /api/bookmarks/2601.00002'] = () => created.promise;
    renderRoute('/ai-digest', DigestListPage);
    fireEvent.click(await toggleOf('Self-Evolving Agents'));
    await waitFor(() => expect(fakeApi.requests.some(({ method }) => method === 'POST')).toBe(true));
    expect(screen.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed')).toBe('false');

    created.resolve(jsonResponse(bookmarkOf(4, agents), 201));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Un-bookmark' })).toHaveLength(2));
  });

  it('un-bookmarks an old-style paper by its bookmark id, and keeps it when the server refuses', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['DELETE /api/bookmarks/3'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/ai-digest', DigestListPage);
    fireEvent.click(await toggleOf('An Old-Style Paper'));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error toggling bookmark', expect.anything()));
    expect((await toggleOf('An Old-Style Paper')).getAttribute('aria-pressed')).toBe('true');

    fakeApi.handlers['DELETE /api/bookmarks/3'] = () => jsonResponse(bookmarkOf(3, oldStyle));
    fireEvent.click(await toggleOf('An Old-Style Paper'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Bookmark' })).toHaveLength(2));
  });

  it('catches up with a bookmark made elsewhere when the server answers that it exists', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['POST /api/bookmarks/2601.00002'] = () => {
      fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse([bookmarkOf(5, agents), bookmarkOf(3, oldStyle)]);
      return apiError(409, 'conflict', 'Paper is already bookmarked');
    };
    renderRoute('/ai-digest', DigestListPage);
    fireEvent.click(await toggleOf('Self-Evolving Agents'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Un-bookmark' })).toHaveLength(2));
  });

  it('drops the toggles and the list when the reader signs out, and loads the next reader’s own', async () => {
    const { queryClient } = renderRoute('/ai-digest', DigestListPage);
    await toggleOf('An Old-Style Paper');
    await act(() => authStore.logout());
    expect(screen.queryByRole('button', { name: /bookmark/i })).toBeNull();
    const kept = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['bookmarks'], predicate: ({ state }) => !!state.data });
    expect(kept).toEqual([]);

    fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse([bookmarkOf(8, agents)]);
    act(() => authStore.signedIn(sam));
    expect((await toggleOf('Self-Evolving Agents')).getAttribute('aria-pressed')).toBe('true');
    expect((await toggleOf('An Old-Style Paper')).getAttribute('aria-pressed')).toBe('false');
    expect(bookmarkListCalls()).toBe(2);
  });

  it('shows visitors no toggle and asks for no bookmarks', async () => {
    checkAnswer = null;
    await act(() => authStore.logout());
    fakeApi.requests.length = 0;
    renderRoute('/ai-digest', DigestListPage);
    expect(await screen.findByRole('heading', { name: 'Self-Evolving Agents' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /bookmark/i })).toBeNull();
    expect(bookmarkListCalls()).toBe(0);
  });
});
