import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaperList } from '../../common/papers.js';
import type { Recommendations, RecommendedPaper } from '../../common/recommendations.js';
import type { PublicUser } from '../../common/users.js';
import { authStore } from '../features/auth/auth-store.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale } from '../lib/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { apiError, jsonResponse, makeUser } from '../test/fake-api.js';
import { makePaperCard } from '../test/papers.js';
import { renderRoute } from '../test/render.js';
import { DigestListPage } from './ai-digest.js';

const rita = makeUser({ name: 'Rita Reader' });
const saved = makePaperCard(1, { title: 'Tool-Using Agents' });
const otherSaved = makePaperCard(2, { title: 'Sparse Reasoning' });

function recommended(number: number, title: string, because = saved): RecommendedPaper {
  const { id, arxivId } = because;
  return { ...makePaperCard(number, { title }), because: { id, arxivId, title: because.title } };
}

const forYou: Recommendations = {
  papers: [recommended(11, 'Agents That Write Tools'), recommended(12, 'Chains of Thought', otherSaved)],
  reason: null,
};
const listPage: PaperList = {
  papers: [makePaperCard(100, { title: 'Newest Paper' })],
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalCount: 1,
    limit: 6,
    hasNextPage: false,
    hasPreviousPage: false,
    nextPage: null,
    previousPage: null,
  },
};

const fakeApi = setUpFakeAuthApi();
let checkAnswer: PublicUser | null = rita;
let recommendationsAnswer: () => Response = () => jsonResponse(forYou);

const recommendationRequests = () =>
  fakeApi.requests.filter(({ url }) => url.pathname === '/api/recommendations').length;
const cardOf = async (title: string) => {
  const card = (await screen.findByRole('heading', { name: title })).closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return within(card);
};

beforeAll(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});
beforeEach(() => {
  sessionStorage.clear();
  checkAnswer = rita;
  recommendationsAnswer = () => jsonResponse(forYou);
  fakeApi.handlers['GET /api/auth/check'] = () => jsonResponse({ user: checkAnswer });
  fakeApi.handlers['GET /api/papers'] = () => jsonResponse(listPage);
  fakeApi.handlers['GET /api/categories/names'] = () => jsonResponse([{ name: 'Agents', nameAr: 'الوكلاء' }]);
  fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse([]);
  fakeApi.handlers['GET /api/recommendations'] = () => recommendationsAnswer();
  authStore.signedIn(rita);
});
afterEach(async () => {
  await changeLocale('en');
});

describe('For you on the digest', () => {
  it('shows a signed-in reader For you beside the orders, kept in the address and the session', async () => {
    const { router } = renderRoute('/ai-digest', DigestListPage);
    await screen.findByRole('heading', { name: 'Newest Paper' });
    const choice = screen.getByRole('button', { name: 'For you' });
    expect(choice.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Order');
    expect(choice.getAttribute('aria-pressed')).toBe('false');
    expect(recommendationRequests()).toBe(0);

    fireEvent.click(choice);
    expect(await screen.findByRole('heading', { name: 'Agents That Write Tools' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'For you' }).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?page=1&sort=for-you');
    expect(sessionStorage.getItem('aiDigestSort')).toBe('for-you');
    expect(screen.getByText('Papers like the ones you saved, the closest first.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Newest Paper' })).toBeNull();
    // Recommendations come from every category, in one list.
    expect(screen.queryByRole('combobox', { name: 'Category' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says on each card which saved paper it is like, linking to that paper, with the card’s own buttons', async () => {
    const { router } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    const first = await cardOf('Agents That Write Tools');
    expect(first.getByText(/^Because you saved/).textContent).toBe('Because you saved “Tool-Using Agents”');
    const link = first.getByRole('link', { name: 'Tool-Using Agents' });
    expect(link.getAttribute('href')).toBe('/ai-digest/2401.00001');
    expect((await cardOf('Chains of Thought')).getByRole('link', { name: 'Sparse Reasoning' })).toBeTruthy();
    expect(first.getByRole('link', { name: /^Read More ?– / }).getAttribute('href')).toBe('/ai-digest/2401.00011');
    expect(await first.findByRole('button', { name: 'Bookmark' })).toBeTruthy();

    // The way back from the saved paper returns to For you, at this card.
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/ai-digest/2401.00001');
    expect(sessionStorage.getItem('aiDigestSort')).toBe('for-you');
    expect(sessionStorage.getItem('aiDigestOpened')).toBe('2401.00011');
  });

  it('puts the focus back on the Read More of the card the way back names, not on its saved paper', async () => {
    Element.prototype.scrollIntoView = () => {};
    try {
      renderRoute('/ai-digest', DigestListPage, '/ai-digest?page=1&sort=for-you#paper-2401.00012');
      const card = await cardOf('Chains of Thought');
      await waitFor(() => expect(document.activeElement).toBe(card.getByRole('link', { name: /^Read More ?– / })));
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('takes over a page the server rendered at a For you address without a mismatch, then shows For you', async () => {
    const page = (url: string) => (
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/ai-digest', Component: DigestListPage }], { initialEntries: [url] })}
        />
      </QueryClientProvider>
    );
    const container = document.body.appendChild(document.createElement('div'));
    // The server renders a For you address as the newest list: it keeps only the Popular order's sort.
    container.innerHTML = renderToString(page('/ai-digest?page=1'));
    const mismatches = vi.fn();
    const root = hydrateRoot(container, page('/ai-digest?page=1&sort=for-you'), { onRecoverableError: mismatches });
    try {
      expect(await screen.findByRole('heading', { name: 'Agents That Write Tools' })).toBeTruthy();
      expect(mismatches).not.toHaveBeenCalled();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('tells a reader without bookmarks how to get recommendations', async () => {
    recommendationsAnswer = () => jsonResponse({ papers: [], reason: 'no_bookmarks' });
    const { router } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    expect(await screen.findByRole('heading', { name: 'Save papers to get recommendations' })).toBeTruthy();
    expect(screen.getByText(/with the bookmark button on their cards/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Browse the newest papers' }));
    expect(await screen.findByRole('heading', { name: 'Newest Paper' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when no paper is like the saved ones', async () => {
    recommendationsAnswer = () => jsonResponse({ papers: [], reason: 'nothing_alike' });
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    expect(await screen.findByRole('heading', { name: 'No papers like your saved ones yet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Browse the newest papers' })).toBeNull();
  });

  it('says the recommendations failed to load, and loads them on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    recommendationsAnswer = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your recommendations could not be loaded.');
    recommendationsAnswer = () => jsonResponse(forYou);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Agents That Write Tools' })).toBeTruthy();
  });

  it('invites a reader whose session has ended to sign in again', async () => {
    recommendationsAnswer = () => apiError(401, 'unauthenticated', 'Not signed in.');
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    expect(await screen.findByRole('heading', { name: 'Recommendations are for signed-in readers' })).toBeTruthy();
  });

  it('forgets the recommendations when the reader signs out, and invites them to sign in again', async () => {
    const { queryClient } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    await screen.findByRole('heading', { name: 'Agents That Write Tools' });
    await act(() => authStore.logout());
    expect(await screen.findByRole('heading', { name: 'Recommendations are for signed-in readers' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Agents That Write Tools' })).toBeNull();
    const kept = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['papers', 'recommendations'], predicate: ({ state }) => !!state.data });
    expect(kept).toEqual([]);
  });

  it('offers visitors For you as an invitation to sign in, which comes back to it', async () => {
    checkAnswer = null;
    await act(() => authStore.logout());
    fakeApi.requests.length = 0;
    const { router } = renderRoute('/ai-digest', DigestListPage);
    await screen.findByRole('heading', { name: 'Newest Paper' });
    fireEvent.click(screen.getByRole('button', { name: 'For you' }));
    const invitation = await screen.findByRole('heading', { name: 'Recommendations are for signed-in readers' });
    expect(screen.getByRole('button', { name: 'For you' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(invitation.parentElement as HTMLElement).getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/authenticate');
    expect(router.state.location.state).toEqual({ redirectTo: '/ai-digest?page=1&sort=for-you' });
    expect(recommendationRequests()).toBe(0);
  });

  it('speaks Arabic, the saved paper’s English title marked as English', async () => {
    await act(() => changeLocale('ar'));
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=for-you');
    const card = await cardOf('Agents That Write Tools');
    expect(screen.getByRole('button', { name: 'مقترحة لك' }).getAttribute('aria-pressed')).toBe('true');
    expect(card.getByText(/^لأنك حفظت/).textContent).toBe('لأنك حفظت «Tool-Using Agents»');
    const link = card.getByRole('link', { name: 'Tool-Using Agents' });
    expect([link.getAttribute('lang'), link.getAttribute('dir')]).toEqual(['en', 'ltr']);

    recommendationsAnswer = () => jsonResponse({ papers: [], reason: 'no_bookmarks' });
    fireEvent.click(screen.getByRole('button', { name: 'الأحدث' }));
    await screen.findByRole('heading', { name: 'Newest Paper' });
    fireEvent.click(screen.getByRole('button', { name: 'مقترحة لك' }));
    expect(await screen.findByRole('heading', { name: 'احفظ أوراقًا لتحصل على اقتراحات' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تصفّح أحدث الأوراق' })).toBeTruthy();
  });
});
