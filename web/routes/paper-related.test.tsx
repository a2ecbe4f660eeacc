import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { deferred, jsonResponse } from '../test/fake-api.js';
import { makePaperCard, makePaperDetail } from '../test/papers.js';
import { renderRoute } from '../test/render.js';
import { PaperPage } from './paper.js';

const fakeApi = setUpFakeAuthApi();
const paper = makePaperDetail({ arxivId: '2401.00001', title: 'Self-Evolving Tool Use' });
const neighbours = [
  makePaperCard(2, { title: 'Tool Libraries That Grow', submittedDate: '2024-03-09' }),
  makePaperCard(3, {
    arxivId: 'cs/0101001',
    title: 'An Old Agent',
    submittedDate: '2001-01-02',
    categories: [
      { name: 'Agents', nameAr: null },
      { name: 'Planning', nameAr: null },
    ],
  }),
];

class ResizeObserverStub {
  observe() {}
  disconnect() {}
}

beforeAll(async () => {
  await loadNamespaces(['comments', 'search']);
});
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  fakeApi.handlers['GET /api/papers/2401.00001'] = () => jsonResponse(paper);
  fakeApi.handlers['GET /api/comments/7'] = () => jsonResponse([]);
});
afterEach(async () => {
  await changeLocale('en');
});

const relatedSection = () => screen.findByRole('region', { name: /^(Related papers|أوراق ذات صلة)$/ });

describe('the related papers of a paper', () => {
  it('lists them after the paper and before its comments, each a link to its page', async () => {
    fakeApi.handlers['GET /api/papers/2401.00001/related'] = () => jsonResponse({ papers: neighbours });
    const { router } = renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001');
    const section = await relatedSection();

    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/ai-digest/2401.00002', '/ai-digest/cs/0101001']);
    expect(links[0]?.textContent).toBe('Tool Libraries That Grow' + 'March 9, 2024 · Agents');
    expect(links[1]?.textContent).toBe('An Old Agent' + 'January 2, 2001 · Agents, Planning');
    const article = screen.getByRole('heading', { level: 1, name: 'Self-Evolving Tool Use' }).closest('article');
    const comments = await screen.findByRole('region', { name: 'Comments' });
    expect(article?.compareDocumentPosition(section)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(section.compareDocumentPosition(comments)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    fakeApi.handlers['GET /api/papers/cs/0101001'] = () =>
      jsonResponse(makePaperDetail({ id: 3, arxivId: 'cs/0101001', title: 'An Old Agent' }));
    fakeApi.handlers['GET /api/comments/3'] = () => jsonResponse([]);
    fireEvent.click(links[1] as HTMLElement);
    expect(router.state.location.pathname).toBe('/ai-digest/cs/0101001');
    expect(await screen.findByRole('heading', { level: 1, name: 'An Old Agent' })).toBeTruthy();
  });

  it('shows nothing while they load, and nothing when there are none', async () => {
    const held = deferred<Response>();
    fakeApi.handlers['GET /api/papers/2401.00001/related'] = () => held.promise;
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001');
    await screen.findByRole('region', { name: 'Comments' });
    expect(screen.queryByText('Related papers')).toBeNull();

    await act(async () => held.resolve(jsonResponse({ papers: [] })));
    expect(fakeApi.requests.some((request) => request.url.pathname === '/api/papers/2401.00001/related')).toBe(true);
    expect(screen.queryByText('Related papers')).toBeNull();
  });

  it('is headed in Arabic on an Arabic page', async () => {
    await changeLocale('ar');
    await loadNamespaces(['comments', 'search']);
    fakeApi.handlers['GET /api/papers/2401.00001/related'] = () => jsonResponse({ papers: neighbours });
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001');
    const section = await relatedSection();
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('أوراق ذات صلة');
  });

  it('asks for them, and for the comments, only once the reader nears them, or at once for a linked comment', async () => {
    const observers: { callback: IntersectionObserverCallback }[] = [];
    // jsdom has no IntersectionObserver: this one reports an intersection when the test says so.
    class IntersectionObserverStub {
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
    fakeApi.handlers['GET /api/papers/2401.00001/related'] = () => jsonResponse({ papers: neighbours });
    const belowThePaperAsked = () =>
      fakeApi.requests.filter(
        ({ url }) => url.pathname === '/api/papers/2401.00001/related' || url.pathname.startsWith('/api/comments/'),
      ).length;
    const { unmount } = renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001');
    await screen.findByRole('heading', { level: 1, name: 'Self-Evolving Tool Use' });
    await act(async () => {});
    expect(belowThePaperAsked()).toBe(0);
    expect(screen.queryByText('Related papers')).toBeNull();

    await act(async () => {
      for (const observer of observers) {
        observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as never);
      }
    });
    await relatedSection();
    await waitFor(() => expect(belowThePaperAsked()).toBe(2));
    unmount();

    fakeApi.requests.length = 0;
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001#comment-5');
    await screen.findByRole('heading', { level: 1, name: 'Self-Evolving Tool Use' });
    await waitFor(() => expect(belowThePaperAsked()).toBe(2));
    vi.unstubAllGlobals();
  });
});
