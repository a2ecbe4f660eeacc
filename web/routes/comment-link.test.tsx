import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { loadNamespaces } from '../lib/i18n.js';
import { apiError, jsonResponse } from '../test/fake-api.js';
import { commentPages, makeComment, makePaperDetail } from '../test/papers.js';
import { renderRoutes } from '../test/render.js';
import { CommentLinkPage } from './comment-link.js';
import { PaperPage } from './paper.js';

const fakeApi = setUpFakeAuthApi();
const paper = makePaperDetail({ id: 7, arxivId: 'math/9501234' });

class ResizeObserverStub {
  observe() {}
  disconnect() {}
}

beforeAll(async () => {
  await loadNamespaces(['comments']);
});
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  Element.prototype.scrollIntoView = vi.fn();
});

function openLink(path: string) {
  return renderRoutes(
    [
      { path: '/comments/comment/:id', Component: CommentLinkPage },
      { path: '/ai-digest/*', Component: PaperPage },
    ],
    path,
  );
}

describe('the link a comment shares', () => {
  it('opens the paper page scrolled to the comment, focused and highlighted', async () => {
    const comments = Array.from({ length: 7 }, (_, index) =>
      makeComment({ id: 30 + index, createdAt: new Date(Date.UTC(2025, 2, 16, 12, -index)).toISOString() }),
    );
    fakeApi.handlers['GET /api/comments/comment/36'] = () => jsonResponse(comments[6]);
    fakeApi.handlers['GET /api/papers/7'] = () => jsonResponse(paper);
    fakeApi.handlers['GET /api/papers/math/9501234'] = () => jsonResponse(paper);
    fakeApi.handlers['GET /api/comments/7/page'] = commentPages(comments);
    const { router } = openLink('/comments/comment/36');
    expect(screen.getByText('Opening the comment...')).toBeTruthy();

    await waitFor(() => expect(document.activeElement?.id).toBe('comment-36'));
    expect(router.state.location.pathname).toBe('/ai-digest/math/9501234');
    expect(router.state.location.hash).toBe('#comment-36');
    expect(screen.getByRole('heading', { level: 1, name: paper.title })).toBeTruthy();
    const target = document.getElementById('comment-36') as HTMLElement;
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(target.dataset.highlighted).toBe('true');
  });

  it('goes to /404 for an unknown comment', async () => {
    fakeApi.handlers['GET /api/comments/comment/999'] = () => apiError(404, 'not_found', 'No such comment.');
    const { router } = openLink('/comments/comment/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(fakeApi.requests.map((request) => request.url.pathname)).toContain('/api/comments/comment/999');
  });

  it('goes to /404 for an id that is not a number, without asking the server', async () => {
    const { router } = openLink('/comments/comment/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(fakeApi.requests.some((request) => request.url.pathname.startsWith('/api/comments'))).toBe(false);
  });
});
