import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaperCard, PaperList } from '../../common/papers.js';
import { changeLocale, initI18n, loadNamespaces } from '../lib/i18n.js';
import { checkedFetch } from '../test/api-contract.js';
import { renderRoute } from '../test/render.js';
import { DigestListPage } from './ai-digest.js';

function paper(arxivId: string, title: string, submittedDate: string): PaperCard {
  return {
    id: Number(arxivId.replace('.', '')),
    arxivId,
    version: 1,
    title,
    pdfUrl: `https://arxiv.org/pdf/${arxivId}`,
    abstract: `Abstract of ${title}.`,
    submittedDate,
    authors: ['Ada Lovelace'],
    translated: false,
    categories: [{ name: 'Agents', nameAr: null }],
  };
}

const pageOne: PaperList = {
  papers: [
    paper('2601.00002', 'Self-Evolving Agents', '2026-01-05'),
    paper('2512.09999', 'Sparse Reasoning', '2025-12-31'),
  ],
  pagination: {
    currentPage: 1,
    totalPages: 2,
    totalCount: 8,
    limit: 6,
    hasNextPage: true,
    hasPreviousPage: false,
    nextPage: 2,
    previousPage: null,
  },
};

const categories = [
  { name: 'Agents', nameAr: 'الوكلاء' },
  { name: 'Other', nameAr: 'أخرى' },
  { name: 'Reasoning', nameAr: null },
];

let listAnswer: PaperList = pageOne;
/** When set, the list answer waits for it: a slow network, to look at the page while a page loads. */
let listHeldBy: Promise<void> | null = null;

const fetchStub = vi.fn(
  checkedFetch(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/papers' && listHeldBy) await listHeldBy;
    // The header asks who is signed in: nobody.
    if (url.pathname === '/api/auth/check') return Response.json({ user: null });
    const body = url.pathname === '/api/categories/names' ? categories : listAnswer;
    return Response.json(body);
  }),
);

function requestedPaperUrls(): URL[] {
  return fetchStub.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/papers');
}

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['search']);
  // The Popular counts load on demand: loaded once here, so no test waits on the import.
  await import('../features/papers/components/week-activity.js');
});
beforeEach(() => {
  sessionStorage.clear();
  listAnswer = pageOne;
  listHeldBy = null;
  fetchStub.mockClear();
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DigestListPage', () => {
  it('lists the papers of the first page with dates, chips, links and pagination', async () => {
    renderRoute('/ai-digest', DigestListPage);

    expect(screen.getByRole('heading', { level: 1, name: 'AI Research Digest' })).toBeTruthy();
    expect(screen.getByText('A collection of cutting-edge AI research papers and insights')).toBeTruthy();
    const first = (await screen.findByRole('heading', { name: 'Self-Evolving Agents' })).closest('article');
    if (!first) throw new Error('the paper card is missing');
    const card = within(first);
    expect(card.getByText('January 5, 2026')).toBeTruthy();
    expect(card.getByText('Agents')).toBeTruthy();
    expect(card.getByRole('img').getAttribute('src')).toMatch(/^\/api\/image\/2601\.00002\/data\?v=1-[0-9a-z]+$/);
    const pdf = card.getByRole('link', { name: /View PDF/ });
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(pdf.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('December 31, 2025')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    const [url] = requestedPaperUrls();
    expect(url?.searchParams.get('page')).toBe('1');
    expect(url?.searchParams.get('limit')).toBe('6');
  });

  it('offers the categories without the catch-all one', async () => {
    renderRoute('/ai-digest', DigestListPage);
    const select = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories', 'Agents', 'Reasoning']);
  });

  it('names the categories in Arabic for readers of Arabic, the English name where there is none, filtering by the English name', async () => {
    listAnswer = {
      ...pageOne,
      papers: [{ ...paper('2601.00002', 'Self-Evolving Agents', '2026-01-05'), categories: categories.slice(0, 1) }],
    };
    await act(() => changeLocale('ar'));
    try {
      const { router } = renderRoute('/ai-digest', DigestListPage);
      const card = (await screen.findByRole('heading', { name: 'Self-Evolving Agents' })).closest('article');
      if (!card) throw new Error('the paper card is missing');
      // The list of categories follows its name, read before it.
      expect(within(card).getByText('التصنيفات').nextElementSibling?.textContent).toBe('الوكلاء');
      const select = screen.getByRole('combobox', { name: 'التصنيف' });
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
      const options = within(select).getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((option) => [option.textContent, option.value])).toEqual(
        expect.arrayContaining([
          ['كل التصنيفات', ''],
          ['الوكلاء', 'Agents'],
          ['Reasoning', 'Reasoning'],
        ]),
      );
      fireEvent.change(select, { target: { value: 'Agents' } });
      await waitFor(() => expect(requestedPaperUrls().at(-1)?.searchParams.get('category')).toBe('Agents'));
      expect(router.state.location.search).toContain('category=Agents');
    } finally {
      await act(() => changeLocale('en'));
    }
  });

  it('remembers the page and the paper and forgets the bookmarks return target when a paper is opened', async () => {
    sessionStorage.setItem('returnTo', 'bookmarks');
    const { router } = renderRoute('/ai-digest', DigestListPage, '/ai-digest?page=1');
    const readMore = await screen.findAllByRole('link', { name: /^Read More ?– / });
    expect(readMore.map((link) => link.getAttribute('href'))).toEqual([
      '/ai-digest/2601.00002',
      '/ai-digest/2512.09999',
    ]);
    fireEvent.click(readMore[1] as HTMLElement);
    expect(router.state.location.pathname).toBe('/ai-digest/2512.09999');
    expect(sessionStorage.getItem('aiDigestPage')).toBe('1');
    expect(sessionStorage.getItem('aiDigestOpened')).toBe('2512.09999');
    expect(sessionStorage.getItem('returnTo')).toBeNull();
  });

  it('scrolls to the card an address names and puts the focus on its Read More', async () => {
    // jsdom lays nothing out and has no scrollIntoView: the test records what would be scrolled to.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      renderRoute('/ai-digest', DigestListPage, '/ai-digest?page=1#paper-2512.09999');
      const [, second] = await screen.findAllByRole('link', { name: /^Read More ?– / });
      await waitFor(() => expect(document.activeElement).toBe(second));
      expect(scrolled).toEqual(['paper-2512.09999']);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('asks for the next page and keeps it in the URL and the session', async () => {
    const { router } = renderRoute('/ai-digest', DigestListPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requestedPaperUrls().at(-1)?.searchParams.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(sessionStorage.getItem('aiDigestPage')).toBe('2');
  });

  it('keeps the pager on the page whose cards are shown, and the list busy, until the next page has come', async () => {
    listAnswer = { ...pageOne, pagination: { ...pageOne.pagination, totalPages: 3, totalCount: 14 } };
    const { router } = renderRoute('/ai-digest', DigestListPage);
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    await screen.findByRole('heading', { name: 'Self-Evolving Agents' });
    let arrive = () => {};
    listHeldBy = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    listAnswer = {
      papers: [paper('2509.00003', 'Tool Use at Scale', '2025-09-01')],
      pagination: { ...listAnswer.pagination, currentPage: 3, hasNextPage: false, nextPage: null, previousPage: 2 },
    };

    fireEvent.click(within(pager).getByRole('button', { name: '3' }));
    await waitFor(() => expect(requestedPaperUrls().at(-1)?.searchParams.get('page')).toBe('3'));
    // Page 1's cards are still shown: the pager says so, and the list is busy and cannot be used.
    const list = screen.getByRole('heading', { name: 'Self-Evolving Agents' }).closest('ul') as HTMLElement;
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.className).toContain('pointer-events-none');
    fireEvent.click(within(list).getAllByRole('link', { name: /^Read More ?– / })[0] as HTMLElement);
    expect(router.state.location.pathname).toBe('/ai-digest');

    arrive();
    expect(await screen.findByRole('heading', { name: 'Tool Use at Scale' })).toBeTruthy();
    expect(within(pager).getByText('Page 3 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Tool Use at Scale' }).closest('ul')?.getAttribute('aria-busy')).toBe(
      'false',
    );
    expect(screen.queryByRole('heading', { name: 'Self-Evolving Agents' })).toBeNull();
  });

  it('returns to the remembered page when opened without one', async () => {
    sessionStorage.setItem('aiDigestPage', '2');
    renderRoute('/ai-digest', DigestListPage);
    await waitFor(() => expect(requestedPaperUrls()[0]?.searchParams.get('page')).toBe('2'));
  });

  it('orders by Popular on request, keeping it in the URL and the session, with the week’s count on each card', async () => {
    const { router } = renderRoute('/ai-digest', DigestListPage);
    const newest = await screen.findByRole('button', { name: 'Newest' });
    expect(newest.getAttribute('aria-pressed')).toBe('true');
    expect(requestedPaperUrls()[0]?.searchParams.has('sort')).toBe(false);
    expect(screen.queryByText(/this week/)).toBeNull();
    listAnswer = {
      ...pageOne,
      papers: [
        { ...paper('2512.09999', 'Sparse Reasoning', '2025-12-31'), thisWeek: { saves: 5, comments: 2 } },
        { ...paper('2601.00002', 'Self-Evolving Agents', '2026-01-05'), thisWeek: { saves: 1, comments: 0 } },
        { ...paper('2509.00003', 'Tool Use at Scale', '2025-09-01'), thisWeek: { saves: 0, comments: 0 } },
      ],
    };
    fireEvent.click(screen.getByRole('button', { name: 'Popular' }));
    await waitFor(() => expect(requestedPaperUrls().at(-1)?.searchParams.get('sort')).toBe('popular'));
    expect(router.state.location.search).toBe('?page=1&sort=popular');
    expect(sessionStorage.getItem('aiDigestSort')).toBe('popular');
    expect(screen.getByRole('button', { name: 'Popular' }).getAttribute('aria-pressed')).toBe('true');
    const cardOf = async (title: string) =>
      within((await screen.findByRole('heading', { name: title })).closest('article') as HTMLElement);
    expect(await (await cardOf('Sparse Reasoning')).findByText('5 saves and 2 comments this week')).toBeTruthy();
    expect((await cardOf('Self-Evolving Agents')).getByText('1 save this week')).toBeTruthy();
    expect((await cardOf('Tool Use at Scale')).queryByText(/this week/)).toBeNull();
    // What Popular ranks, and where the week's few active papers end and the newest follow.
    expect(
      await screen.findByText('Most saved and commented on in the last 7 days first; then the rest, newest first.'),
    ).toBeTruthy();
    const divider = screen.getByText('The rest, newest first');
    expect(divider.previousElementSibling?.textContent).toContain('Self-Evolving Agents');
    expect(divider.nextElementSibling?.textContent).toContain('Tool Use at Scale');
  });

  it('says the Popular counts in Arabic with the plural form of each number', async () => {
    listAnswer = {
      ...pageOne,
      papers: [
        { ...paper('2512.09999', 'Sparse Reasoning', '2025-12-31'), thisWeek: { saves: 2, comments: 11 } },
        { ...paper('2601.00002', 'Self-Evolving Agents', '2026-01-05'), thisWeek: { saves: 3, comments: 0 } },
        { ...paper('2509.00003', 'Tool Use at Scale', '2025-09-01'), thisWeek: { saves: 1, comments: 1 } },
      ],
    };
    await act(() => changeLocale('ar'));
    try {
      renderRoute('/ai-digest', DigestListPage, '/ai-digest?sort=popular');
      await screen.findByRole('heading', { name: 'Sparse Reasoning' });
      expect(screen.getByRole('button', { name: 'الأكثر رواجًا' }).getAttribute('aria-pressed')).toBe('true');
      expect(await screen.findByText('إشارتان مرجعيتان و11 تعليقًا هذا الأسبوع')).toBeTruthy();
      expect(screen.getByText('3 إشارات مرجعية هذا الأسبوع')).toBeTruthy();
      expect(screen.getByText('إشارة مرجعية واحدة وتعليق واحد هذا الأسبوع')).toBeTruthy();
    } finally {
      await act(() => changeLocale('en'));
    }
  });

  it('says so when there are no papers', async () => {
    listAnswer = {
      papers: [],
      pagination: { ...pageOne.pagination, totalPages: 0, totalCount: 0, hasNextPage: false, nextPage: null },
    };
    renderRoute('/ai-digest', DigestListPage);
    expect(await screen.findByText('No papers found.')).toBeTruthy();
    expect(screen.getByText('Try changing your search keywords.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});
