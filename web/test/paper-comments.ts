/** The set-up of the paper page's comment tests (jsdom): a paper, its comments served by a fake API, the page opened. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Comment } from '../../common/comments.js';
import { setUpFakeAuthApi } from '../features/auth/testing.js';
import { loadNamespaces } from '../lib/i18n.js';
import { PaperPage } from '../routes/paper.js';
import { installDialogPolyfill } from './dialog.js';
import { jsonResponse } from './fake-api.js';
import { commentPages, makePaperDetail } from './papers.js';
import { renderRoute } from './render.js';

const NOW = Date.parse('2025-03-16T12:00:00.000Z');

class ResizeObserverStub {
  observe() {}
  disconnect() {}
}

export function setUpPaperComments() {
  const fakeApi = setUpFakeAuthApi();
  const paper = makePaperDetail();
  beforeAll(async () => {
    await loadNamespaces(['comments']);
    installDialogPolyfill();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // jsdom lays nothing out: no ResizeObserver (the scroll indicator's) and no scrolling.
    vi.stubGlobal('ResizeObserver', ResizeObserverStub);
    Element.prototype.scrollIntoView = vi.fn();
    fakeApi.handlers[`GET /api/papers/${paper.arxivId}`] = () => jsonResponse(paper);
    // A signed-in reader's page asks for their bookmarks, for its bookmark toggle.
    fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse([]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  return {
    fakeApi,
    paper,
    minutesAgo: (minutes: number) => new Date(NOW - minutes * 60_000).toISOString(),
    serveComments(comments: Comment[]) {
      fakeApi.handlers[`GET /api/comments/${paper.id}/page`] = commentPages(comments);
    },
    /** The page of the paper, at `hash`: its comments region, and a way to read its comments. */
    async openPaper(hash = '') {
      renderRoute('/ai-digest/*', PaperPage, `/ai-digest/${paper.arxivId}${hash}`);
      const region = await screen.findByRole('region', { name: /Comments|التعليقات/ });
      return { region, items: async () => within(region).findAllByRole('listitem') };
    },
  };
}

/** The texts of the comments shown, in their order. */
export const commentTexts = (items: HTMLElement[]) =>
  items.map((item) => item.querySelector('[dir=auto]')?.textContent);
