import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ranking, setUpDigestSearch } from '../features/papers/search-testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, deferred, jsonResponse } from '../test/fake-api.js';
import { makePaperCard } from '../test/papers.js';
import { renderRoute } from '../test/render.js';
import { DigestListPage } from './ai-digest.js';

const { answerSearch, searches, listRequests, searchBox, cardTitles, openDigest, typeAndClickSearch } =
  setUpDigestSearch(DigestListPage);
describe('the digest search', () => {
  it('searches with the Search button: nine results asked for, the first six shown, the list pager hidden', async () => {
    const { router } = await openDigest();
    typeAndClickSearch('  tool-using agents ');

    const heading = await screen.findByRole('heading', { name: 'Searching for "tool-using agents"' });
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(searches().map((request) => request.body)).toEqual([{ query: 'tool-using agents', top_k: 9 }]);
    expect(router.state.location.search).toBe('?q=tool-using+agents');
    expect(cardTitles()).toEqual(['Result 1', 'Result 2', 'Result 3', 'Result 4', 'Result 5', 'Result 6']);
    // Nine asked for and nine came: they are the best nine, and the search may have more.
    expect(screen.getByRole('status').textContent).toBe('The 9 best matches, most relevant first.');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(pager).queryByRole('button', { name: 'First' })).toBeNull();
    expect(screen.queryByText('Page 1 of 3')).toBeNull();
    expect(document.activeElement).toBe(heading);
    expect(searchBox().value).toBe('tool-using agents');
  });

  it('searches with Enter in the box', async () => {
    await openDigest();
    fireEvent.change(searchBox(), { target: { value: 'memory' } });
    fireEvent.submit(searchBox().form as HTMLFormElement);
    await screen.findByRole('heading', { name: 'Searching for "memory"' });
    expect(searches().map((request) => request.body)).toEqual([{ query: 'memory', top_k: 9 }]);
  });

  it('does nothing on a blank search: no request, the list stays', async () => {
    const { router } = await openDigest('/ai-digest?page=1');
    typeAndClickSearch('   ');
    fireEvent.submit(searchBox().form as HTMLFormElement);
    expect(searches()).toEqual([]);
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.getByRole('heading', { name: 'Newest Paper' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Searching for/ })).toBeNull();
  });

  it('ends the search shown on a blank search, as Clear Search does: page 1 of the list, no new request', async () => {
    const { router } = await openDigest('/ai-digest?page=1');
    typeAndClickSearch('agents');
    await screen.findByRole('heading', { name: 'Result 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Result 7' });

    typeAndClickSearch('   ');
    await screen.findByRole('heading', { name: 'Newest Paper' });
    expect(router.state.location.search).toBe('?page=1');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Searching for/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Result 1' })).toBeNull();
    expect(searches()).toHaveLength(1);
    expect(searchBox().value).toBe('');
  });

  it('shows the spinner until the results come', async () => {
    const held = deferred<Response>();
    answerSearch(() => held.promise);
    await openDigest();
    typeAndClickSearch('agents');
    expect(await screen.findByText('Searching papers...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Newest Paper' })).toBeNull();
    await act(async () =>
      held.resolve(jsonResponse({ papers: [1, 2].map((n) => makePaperCard(n, { title: `Result ${n}` })) })),
    );
    await screen.findByRole('heading', { name: 'Result 2' });
    expect(screen.queryByText('Searching papers...')).toBeNull();
    // Two results fit one page: no pager at all.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages the nine results six at a time without asking the server again, and back', async () => {
    const { router } = await openDigest();
    typeAndClickSearch('agents');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    await screen.findByRole('heading', { name: 'Result 6' });

    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await screen.findByRole('heading', { name: 'Result 7' });
    expect(cardTitles()).toEqual(['Result 7', 'Result 8', 'Result 9']);
    expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(router.state.location.search).toBe('?q=agents&page=2');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Searching for "agents"' }));

    fireEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(searches()).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    answerSearch(() => jsonResponse({ papers: [] }));
    await openDigest();
    typeAndClickSearch('quantum gardening');
    const hint = await screen.findByText('Try changing your search keywords.');
    expect(within(hint.parentElement as HTMLElement).getByText('No papers found.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No papers found.');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('returns to page 1 of the list on Clear Search, with the box emptied and focused', async () => {
    sessionStorage.setItem('aiDigestPage', '3');
    const { router } = await openDigest();
    typeAndClickSearch('agents');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));

    await screen.findByRole('heading', { name: 'Newest Paper' });
    expect(router.state.location.search).toBe('?page=1');
    expect(listRequests().at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Searching for/ })).toBeNull();
    expect(searchBox().value).toBe('');
    expect(document.activeElement).toBe(searchBox());
    expect(sessionStorage.getItem('aiDigestSearch')).toBeNull();
  });

  it('runs the search of a shared address, without loading the list', async () => {
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=graph%20reasoning&page=2');
    await screen.findByRole('heading', { name: 'Result 7' });
    expect(screen.getByRole('heading', { name: 'Searching for "graph reasoning"' })).toBeTruthy();
    expect(searchBox().value).toBe('graph reasoning');
    expect(searches().map((request) => request.body)).toEqual([{ query: 'graph reasoning', top_k: 9 }]);
    expect(listRequests()).toEqual([]);
    // Nobody pressed anything: the focus stays where a page load leaves it.
    expect(document.activeElement).toBe(document.body);
  });

  it('follows Back and Forward between the list and a search', async () => {
    const { router } = await openDigest('/ai-digest?page=1');
    typeAndClickSearch('agents');
    await screen.findByRole('heading', { name: 'Result 1' });

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Newest Paper' });
    expect(searchBox().value).toBe('');
    await act(() => router.navigate(1));
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(searchBox().value).toBe('agents');
    expect(searches()).toHaveLength(1);
  });

  it('comes back to the search and its page from a paper opened among the results', async () => {
    const first = await openDigest();
    typeAndClickSearch('agents');
    fireEvent.click(
      within(await screen.findByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: '2' }),
    );
    const card = (await screen.findByRole('heading', { name: 'Result 8' })).closest('article') as HTMLElement;
    fireEvent.click(within(card).getByRole('link', { name: /^Read More ?– / }));
    expect(first.router.state.location.pathname).toBe('/ai-digest/2401.00008');
    first.unmount();

    // The header's link leads to a bare /ai-digest: the search comes back into the address.
    const { router } = renderRoute('/ai-digest', DigestListPage);
    await screen.findByRole('heading', { name: 'Result 7' });
    expect(screen.getByRole('heading', { name: 'Searching for "agents"' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?q=agents&page=2'));
  });

  it('asks the reader to wait when searching too fast, and searches again on Try again', async () => {
    answerSearch(() => apiError(429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openDigest();
    typeAndClickSearch('agents');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'You have searched many times in a short while. Please wait a moment, then try again.',
    );
    // The alert says what happened: a refusal the page explains is no fault for the console.
    expect(console.error).not.toHaveBeenCalledWith('Error searching papers', expect.anything());

    answerSearch(ranking(9));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(searches()).toHaveLength(2);
  });

  it('says the search failed when the server cannot answer', async () => {
    answerSearch(() => apiError(503, 'unavailable', 'The database is not available.'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openDigest();
    typeAndClickSearch('agents');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The search could not be completed. Please try again.',
    );
    expect(console.error).toHaveBeenCalledWith('Error searching papers', expect.anything());
  });

  it('speaks Arabic, right to left', async () => {
    await changeLocale('ar');
    await loadNamespaces(['search']);
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=agents');
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('searchbox', { name: 'البحث في الأوراق' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بحث' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'نتائج البحث عن «agents»' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'مسح البحث' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('أفضل 9 نتائج مطابقة، الأكثر صلة أولًا.');
    expect(screen.getByText('الصفحة 1 من 2')).toBeTruthy();
  });
});
