import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n, loadNamespaces } from '../../lib/i18n.js';
import { BlogListPage } from '../../routes/blogs.js';
import { checkedFetch } from '../../test/api-contract.js';
import { renderRoute } from '../../test/render.js';

/** Eight posts, as blogs.json holds them: unsorted, one with its body in a separate file. */
const POSTS = [
  {
    id: 'p3',
    title: 'Tool Calling Guide',
    date: '2025-06-10',
    category: 'Guides',
    tags: ['tool-use'],
    content: '<p>Schemas.</p>',
  },
  {
    id: 'p8',
    title: 'Digest API Documented',
    date: '2026-10-06',
    category: 'Announcements',
    tags: ['api'],
    content: '<p>Endpoints.</p>',
    excerpt: 'The read API is public.',
  },
  {
    id: 'p1',
    title: 'Introducing the Digest',
    date: '2025-03-18',
    category: 'Announcements',
    tags: ['community'],
    content: `<p>${'Long text. '.repeat(30)}</p>`,
  },
  {
    id: 'p6',
    title: 'Memory for Agents',
    date: '2026-03-03',
    category: 'Tutorials',
    tags: ['memory', 'rag'],
    content: '',
    description: 'Episodic and semantic memory.',
  },
  {
    id: 'p2',
    title: 'What Makes a System Agentic',
    date: '2025-04-22',
    category: 'Views',
    tags: ['agents'],
    content: '<p>Autonomy.</p>',
  },
  {
    id: 'p7',
    title: 'Prompt Injection',
    date: '2026-08-11',
    category: 'Research',
    tags: ['safety'],
    content: '<p>Guardrails.</p>',
  },
  {
    id: 'p5',
    title: 'Multi-Agent Assistant',
    date: '2026-01-20',
    category: 'Tutorials',
    tags: ['multi-agent'],
    content: '<p>Planner.</p>',
  },
  { id: 'p4', title: 'Unfiled Thoughts', date: '2025-08-05', tags: ['misc'], content: '<p>Loose notes.</p>' },
];

let answer: () => Response = () => Response.json(POSTS);
// The header's session check answers as for a visitor who is not signed in.
const fetchStub = vi.fn(
  checkedFetch(async (input) => (String(input).startsWith('/blogsFolder/') ? answer() : Response.json({ user: null }))),
);
const blogRequests = () =>
  fetchStub.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/blogsFolder/'));

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['blog']);
});
beforeEach(() => {
  answer = () => Response.json(POSTS);
  fetchStub.mockClear();
  vi.stubGlobal('fetch', fetchStub);
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BlogListPage', () => {
  it('loads the English posts and shows six cards, newest first, with category, date and excerpt', async () => {
    renderRoute('/blogs', BlogListPage);
    expect(screen.getByText('Loading')).toBeTruthy();
    await screen.findByText('Digest API Documented');
    expect(blogRequests()).toEqual(['/blogsFolder/en/blogs.json']);
    expect(cardTitles()).toEqual([
      'Digest API Documented',
      'Prompt Injection',
      'Memory for Agents',
      'Multi-Agent Assistant',
      'Unfiled Thoughts',
      'Tool Calling Guide',
    ]);
    const first = within(screen.getAllByRole('article')[0] as HTMLElement);
    expect(first.getByText('Announcements')).toBeTruthy();
    expect(first.getByText('Oct 6, 2026')).toBeTruthy();
    expect(first.getByText('The read API is public.')).toBeTruthy();
    expect(first.getByText('Read more')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Digest API Documented' }).getAttribute('href')).toBe('/blog/p8');
    // A post without a category, and one whose body is a separate file (its description stands in).
    expect(within(screen.getAllByRole('article')[4] as HTMLElement).getByText('Uncategorized')).toBeTruthy();
    expect(screen.getByText('Episodic and semantic memory.')).toBeTruthy();
    expect(screen.getByText('8 posts')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).queryByRole('button', { name: 'First' })).toBeNull();
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
  });

  it('derives the excerpt from the content: 150 characters and an ellipsis', async () => {
    renderRoute('/blogs', BlogListPage, '/blogs?page=2');
    await screen.findByText('Introducing the Digest');
    const text = 'Long text. '.repeat(30).trim();
    expect(screen.getByText(`${text.slice(0, 150).trimEnd()}...`)).toBeTruthy();
  });

  it('pages with Next and the numbered buttons', async () => {
    const { router } = renderRoute('/blogs', BlogListPage);
    await screen.findByText('Digest API Documented');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cardTitles()).toEqual(['What Makes a System Agentic', 'Introducing the Digest']));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
  });

  it('filters by category with pressed buttons, back on page 1', async () => {
    const { router } = renderRoute('/blogs', BlogListPage, '/blogs?page=2');
    await screen.findByText('Introducing the Digest');
    const filters = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Views', 'Announcements', 'Guides', 'Research', 'Tutorials']);
    expect(within(filters).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(filters).getByRole('button', { name: 'Tutorials' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Memory for Agents', 'Multi-Agent Assistant']));
    expect(router.state.location.search).toBe('?category=Tutorials');
    expect(within(filters).getByRole('button', { name: 'Tutorials' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(filters).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('searches title, content and tags, trimmed and ignoring case, back on page 1', async () => {
    const { router } = renderRoute('/blogs', BlogListPage, '/blogs?page=2');
    await screen.findByText('Introducing the Digest');
    const search = screen.getByRole('searchbox', { name: 'Search articles' });
    expect(search.getAttribute('placeholder')).toBe('Search articles...');

    fireEvent.change(search, { target: { value: '  RAG ' } });
    await waitFor(() => expect(cardTitles()).toEqual(['Memory for Agents']));
    await waitFor(() => expect(router.state.location.search).toBe('?q=++RAG+'));
    fireEvent.change(search, { target: { value: 'guardrails' } });
    await waitFor(() => expect(cardTitles()).toEqual(['Prompt Injection']));
    fireEvent.change(search, { target: { value: '   ' } });
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
  });

  it('shows the empty state and clears the filters from it', async () => {
    renderRoute('/blogs', BlogListPage);
    await screen.findByText('Digest API Documented');
    fireEvent.click(screen.getByRole('button', { name: 'Research' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'no such words' } });
    expect(await screen.findByText('No posts found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('opens a post from its card', async () => {
    const { router } = renderRoute('/blogs', BlogListPage);
    fireEvent.click(await screen.findByRole('link', { name: 'Prompt Injection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/p7'));
  });

  it('opens the Arabic list when the reader switches to Arabic, keeping the category', async () => {
    const { router } = renderRoute('/blogs', BlogListPage, '/blogs?category=Guides&q=tool');
    await screen.findByText('Tool Calling Guide');
    await act(() => changeLocale('ar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/blogs'));
    expect(router.state.location.search).toBe('?category=Guides');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => changeLocale('en'));
  });

  it('logs a failed answer and offers to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => new Response('nope', { status: 404 });
    renderRoute('/blogs', BlogListPage);
    expect(await screen.findByText('The posts could not be loaded.')).toBeTruthy();
    expect(error.mock.calls.some(([message]) => message === 'Failed to fetch blog posts')).toBe(true);

    answer = () => Response.json(POSTS);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Digest API Documented')).toBeTruthy();
  });

  it('logs a request that fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderRoute('/blogs', BlogListPage);
    expect(await screen.findByText('The posts could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    expect(error.mock.calls.some(([message]) => message === 'Error fetching blog posts')).toBe(true);
  });
});
