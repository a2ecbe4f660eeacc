import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ranking, setUpDigestSearch } from '../features/papers/search-testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { apiError, type RecordedRequest } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { DigestListPage } from './ai-digest.js';

const { answerSearch, searches, listRequests, cardTitles, openDigest, typeAndClickSearch } =
  setUpDigestSearch(DigestListPage);

const titles = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Result ${from + i}`);
const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
const status = () => screen.getByRole('status').textContent;
const moreButton = () => screen.queryByRole('button', { name: 'More results' });
const readMoreOf = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('article') as HTMLElement).getByRole('link', {
    name: /^Read More ?– /,
  });
const categorySelect = () => screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;

describe('More results', () => {
  it('comes after the last page and fetches the next nine, the focus on the first of them', async () => {
    answerSearch(ranking(30));
    await openDigest();
    typeAndClickSearch('agents');
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(status()).toBe('The 9 best matches, most relevant first.');
    expect(moreButton()).toBeNull();

    fireEvent.click(within(pager()).getByRole('button', { name: '2' }));
    await screen.findByRole('heading', { name: 'Result 7' });
    fireEvent.click(moreButton() as HTMLElement);
    // The page fills up with the next ones, where the reader is.
    await screen.findByRole('heading', { name: 'Result 12' });
    expect(cardTitles()).toEqual(titles(7, 12));
    await waitFor(() => expect(document.activeElement).toBe(readMoreOf('Result 10')));
    expect(searches().map((request) => request.body)).toEqual([
      { query: 'agents', top_k: 9 },
      { query: 'agents', top_k: 9, offset: 9 },
    ]);
    expect(status()).toBe('The 18 best matches, most relevant first.');
    expect(within(pager()).getByText('Page 2 of 3')).toBeTruthy();
    expect(moreButton()).toBeNull();
  });

  it('opens the page after a full last page with the next ones', async () => {
    answerSearch(ranking(30));
    const { router } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=agents&page=3');
    fireEvent.click(await screen.findByRole('button', { name: 'More results' }));
    await screen.findByRole('heading', { name: 'Result 19' });
    expect(router.state.location.search).toBe('?q=agents&page=4');
    expect(cardTitles()).toEqual(titles(19, 24));
    await waitFor(() => expect(document.activeElement).toBe(readMoreOf('Result 19')));
  });

  it('says when every match is shown, and offers no more', async () => {
    answerSearch(ranking(13));
    await openDigest();
    typeAndClickSearch('agents');
    fireEvent.click(
      within(await screen.findByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: '2' }),
    );
    fireEvent.click((await screen.findByRole('button', { name: 'More results' })) as HTMLElement);
    await screen.findByRole('heading', { name: 'Result 12' });
    expect(status()).toBe('All 13 matching papers, most relevant first.');
    fireEvent.click(within(pager()).getByRole('button', { name: '3' }));
    await screen.findByRole('heading', { name: 'Result 13' });
    expect(moreButton()).toBeNull();
  });

  it('loads the results that a shared address’s page needs', async () => {
    answerSearch(ranking(30));
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=agents&page=3');
    await screen.findByRole('heading', { name: 'Result 13' });
    expect(cardTitles()).toEqual(titles(13, 18));
    expect(searches().map((request) => request.body)).toEqual([
      { query: 'agents', top_k: 9 },
      { query: 'agents', top_k: 9, offset: 9 },
    ]);
  });
});

describe('search within a category', () => {
  it('searches within the category chosen, which stays chosen', async () => {
    const { router } = await openDigest('/ai-digest?page=2&category=Agents');
    typeAndClickSearch('agents');
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(searches().map((request) => request.body)).toEqual([{ query: 'agents', top_k: 9, category: 'Agents' }]);
    expect(router.state.location.search).toBe('?q=agents&category=Agents');
    expect(categorySelect().value).toBe('Agents');
    expect(status()).toBe('The 9 best matches in Agents, most relevant first.');
  });

  it('keeps the search when a category is chosen while searching, and back to every category', async () => {
    const { router } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=agents');
    await screen.findByRole('heading', { name: 'Result 1' });
    fireEvent.change(categorySelect(), { target: { value: 'Reasoning' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=agents&category=Reasoning'));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]?.body).toEqual({ query: 'agents', top_k: 9, category: 'Reasoning' });
    expect(screen.getByRole('heading', { name: 'Searching for "agents"' })).toBeTruthy();
    await screen.findByText('The 9 best matches in Reasoning, most relevant first.');

    fireEvent.change(categorySelect(), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=agents'));
    await screen.findByText('The 9 best matches, most relevant first.');
    expect(listRequests()).toEqual([]);
  });

  it('keeps the category on Clear Search: the list of that category', async () => {
    const { router } = await openDigest('/ai-digest?page=1&category=Agents');
    typeAndClickSearch('agents');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }));
    await screen.findByRole('heading', { name: 'Newest Paper' });
    expect(router.state.location.search).toBe('?page=1&category=Agents');
    expect(listRequests().at(-1)?.url.searchParams.get('category')).toBe('Agents');
  });

  it('says so when the category does not exist, and searches every category instead', async () => {
    answerSearch((request: RecordedRequest) =>
      (request.body as { category?: string }).category
        ? apiError(400, 'unknown_category', 'The digest has no category "Astrology".')
        : ranking(9)(request),
    );
    const { router } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=agents&category=Astrology');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is no category “Astrology” to search in.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Search all categories' }));
    await screen.findByRole('heading', { name: 'Result 1' });
    expect(router.state.location.search).toBe('?q=agents');
  });

  it('speaks Arabic: the category by its Arabic name, More results', async () => {
    await act(async () => {
      await changeLocale('ar');
      await loadNamespaces(['search']);
    });
    renderRoute('/ai-digest', DigestListPage, '/ai-digest?q=agents&page=2&category=Agents');
    await screen.findByRole('heading', { name: 'Result 7' });
    await screen.findByText('أفضل 9 نتائج مطابقة في الوكلاء، الأكثر صلة أولًا.');
    expect(screen.getByRole('button', { name: 'مزيد من النتائج' })).toBeTruthy();
  });
});
