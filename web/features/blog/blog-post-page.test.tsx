import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n, loadNamespaces } from '../../lib/i18n.js';
import { BlogPostPage } from '../../routes/blog-post.js';
import { checkedFetch } from '../../test/api-contract.js';
import { renderRoute } from '../../test/render.js';

const author = { name: 'Developer Relations', role: 'Guides and tutorials' };
const EN_POSTS = [
  {
    id: 'memory',
    title: 'Memory for Long-Running Agents',
    description: 'How agents remember.',
    excerpt: 'Build working, episodic and semantic memory.',
    date: '2026-03-03',
    category: 'Tutorials',
    tags: ['memory', 'agents', 'rag'],
    author,
    content: '',
  },
  {
    id: 'rrf',
    title: 'Hybrid Search with RRF',
    description: 'Fuse rankings.',
    date: '2025-08-05',
    category: 'Guides',
    tags: ['rag', 'retrieval'],
    author,
    content: '<h2>Why fuse</h2><p>See <a href="https://arxiv.org/abs/1">the paper</a>.</p><script>alert(1)</script>',
  },
  { id: 'tools', title: 'Tool Calling', date: '2025-06-10', tags: ['agents', 'memory'], content: '<p>x</p>' },
  { id: 'deploy', title: 'Deployment Options', date: '2026-06-16', tags: ['deployment'], content: '<p>y</p>' },
];
const AR_POSTS = [{ ...EN_POSTS[1], title: 'البحث الهجين', content: '<p>نص عربي</p>' }];

const FILES: Record<string, unknown> = {
  '/blogsFolder/en/blogs.json': EN_POSTS,
  '/blogsFolder/ar/blogs.json': AR_POSTS,
  '/blogsFolder/en/memory.html': '<h2>Four kinds of memory</h2><p onclick="x()">Working memory first.</p>',
};

let failing: string | null = null;

const fetchStub = vi.fn(
  checkedFetch(async (input) => {
    const url = String(input);
    if (url === failing) return new Response('down', { status: 503 });
    // The header's session check answers as for a visitor who is not signed in.
    if (url === '/api/auth/check') return Response.json({ user: null });
    const file = FILES[url];
    if (file === undefined) return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
    return typeof file === 'string'
      ? new Response(file, { headers: { 'Content-Type': 'text/html' } })
      : Response.json(file);
  }),
);
const requested = () => fetchStub.mock.calls.map(([input]) => String(input));

class ResizeObserverStub {
  observe() {}
  disconnect() {}
}

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['blog']);
});
beforeEach(() => {
  fetchStub.mockClear();
  failing = null;
  vi.stubGlobal('fetch', fetchStub);
  // jsdom has no ResizeObserver, which the reading rail uses.
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('BlogPostPage', () => {
  it('shows a post with its content, tags, author, related articles and reading rail', async () => {
    renderRoute('/blog/:id', BlogPostPage, '/blog/rrf');
    expect(screen.getByText('Loading article...')).toBeTruthy();
    const title = await screen.findByRole('heading', { level: 1, name: 'Hybrid Search with RRF' });
    const article = within(title.closest('article') as HTMLElement);
    expect(article.getByText('Guides')).toBeTruthy();
    expect(article.getByText('August 5, 2025')).toBeTruthy();
    expect(article.getByText('Fuse rankings.')).toBeTruthy();
    expect(article.getByText('Developer Relations')).toBeTruthy();
    expect(article.getByText('Guides and tutorials')).toBeTruthy();
    expect(article.getByRole('heading', { level: 2, name: 'Why fuse' })).toBeTruthy();
    const link = article.getByRole('link', { name: 'the paper' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.querySelector('script')).toBeNull();
    expect(article.getByRole('link', { name: 'Show posts tagged rag' }).getAttribute('href')).toBe('/blogs?q=rag');
    expect(screen.getByRole('link', { name: 'Back to all posts' }).getAttribute('href')).toBe('/blogs');

    const related = within(screen.getByRole('region', { name: 'Related Articles' }));
    expect(related.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Memory for Long-Running Agents',
    ]);
    const rail = within(screen.getByRole('navigation', { name: 'Reading progress' }));
    expect(rail.getAllByRole('button')).toHaveLength(12);
    expect(rail.getByRole('button', { name: 'Jump to 100% of the article' })).toBeTruthy();
    expect(document.title).toMatch(/^Hybrid Search with RRF \| /);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Fuse rankings.');
  });

  it('fetches the body of a post with empty content from its own file, sanitised', async () => {
    renderRoute('/blog/:id', BlogPostPage, '/blog/memory');
    await screen.findByRole('heading', { level: 2, name: 'Four kinds of memory' });
    expect(requested()).toContain('/blogsFolder/en/memory.html');
    expect(screen.getByText('Working memory first.').hasAttribute('onclick')).toBe(false);
    expect(screen.getByText('Build working, episodic and semantic memory.')).toBeTruthy();
    expect(screen.getByText('March 3, 2026')).toBeTruthy();
    // Most shared tags first: Tool Calling shares two, Hybrid Search one.
    const related = within(screen.getByRole('region', { name: 'Related Articles' }));
    expect(related.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Tool Calling',
      'Hybrid Search with RRF',
    ]);
    expect(related.getByText('Uncategorized')).toBeTruthy();
  });

  it('replaces an unknown id with /404', async () => {
    const { router } = renderRoute('/blog/:id', BlogPostPage, '/blog/no-such-post');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the Arabic post in Arabic, and falls back to English for a post missing in Arabic', async () => {
    await changeLocale('ar');
    const arabic = renderRoute('/blog/:id', BlogPostPage, '/blog/rrf');
    expect(await screen.findByRole('heading', { level: 1, name: 'البحث الهجين' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى كل المقالات' }).getAttribute('href')).toBe('/ar/blogs');
    arabic.unmount();

    renderRoute('/blog/:id', BlogPostPage, '/blog/tools');
    const title = await screen.findByRole('heading', { level: 1, name: 'Tool Calling' });
    expect(title.getAttribute('lang')).toBe('en');
    expect(title.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('هذه المقالة غير متوفرة بلغتك بعد، لذا تُعرض بالإنجليزية.')).toBeTruthy();
    expect(requested()).toContain('/blogsFolder/en/blogs.json');
  });

  it('logs a failed load and offers to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    failing = '/blogsFolder/en/blogs.json';
    renderRoute('/blog/:id', BlogPostPage, '/blog/rrf');
    expect(await screen.findByText('The article could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    expect(error.mock.calls.some(([message]) => message === 'Error fetching blog post')).toBe(true);
  });

  it('keeps the post when only its separate body fails, with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing = '/blogsFolder/en/memory.html';
    renderRoute('/blog/:id', BlogPostPage, '/blog/memory');
    expect(await screen.findByText('The text of this article could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Memory for Long-Running Agents' })).toBeTruthy();
    failing = null;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('Working memory first.')).toBeTruthy();
  });
});
