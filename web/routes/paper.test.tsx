import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaperDetail } from '../../common/papers.js';
import { makeSummary } from '../../common/testing/summary.js';
import { initI18n } from '../lib/i18n.js';
import { checkedFetch } from '../test/api-contract.js';
import { renderRoute } from '../test/render.js';
import { PaperPage } from './paper.js';

const summary = makeSummary({
  Paper_one_line: 'Agents that rewrite their own tools.',
  Problem: 'Tool use does not improve after deployment.',
  Takeaway: 'Self-written tools double success rates.',
  Results: ['Success rises from 31% to 64%.'],
  paper_category1: 'Agents',
});

const paper: PaperDetail = {
  id: 7,
  arxivId: 'math/9501234',
  version: 2,
  title: 'Self-Evolving Tool Use',
  pdfUrl: 'https://arxiv.org/pdf/math/9501234v2',
  abstract: 'First English line.\nSecond English line.',
  submittedDate: '1995-01-05',
  authors: ['Ada Lovelace', 'Alan Turing'],
  translated: true,
  categories: [{ name: 'Agents' }],
  abstractTranslation: 'السطر الأول بالعربية.',
  summary,
  summaryModel: null,
};

const fetchStub = vi.fn(
  checkedFetch(async (input) =>
    String(input) === '/api/auth/check'
      ? Response.json({ user: null })
      : String(input) === '/api/papers/math/9501234'
        ? Response.json(paper)
        : String(input) === '/api/papers/math/9501234/related'
          ? Response.json({ papers: [] })
          : Response.json({ error: 'not_found', message: 'Paper not found' }, { status: 404 }),
  ),
);

beforeAll(async () => {
  await initI18n();
});
class ResizeObserverStub {
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchStub);
  // jsdom has no ResizeObserver, which the scroll indicator uses.
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaperPage', () => {
  it('shows the paper of an old-style id with its summary, abstract and results', async () => {
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    expect(screen.getByText('Loading paper details...')).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: 'Self-Evolving Tool Use' })).toBeTruthy();
    expect(document.title).toContain('Self-Evolving Tool Use');
    expect(screen.getByText('January 5, 1995')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace, Alan Turing')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Full PDF/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Tool use does not improve after deployment.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Critique' })).toBeNull();
    expect(screen.getByText(/summary is extractive/)).toBeTruthy();
    expect(screen.getByText('Extractive summary (no AI model)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByText('Success rises from 31% to 64%.')).toBeTruthy();
    expect(screen.getByText('Self-written tools double success rates.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to AI Digest' })).toBeTruthy();
  });

  it('shows the Arabic translation right to left on demand', async () => {
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    const toggle = await screen.findByRole('button', { name: 'Show translation' });
    expect(screen.getByText('First English line.').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('السطر الأول بالعربية.').closest('[hidden]')).not.toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByText('السطر الأول بالعربية.').closest('[hidden]')).toBeNull();
    expect(screen.getByText('السطر الأول بالعربية.').getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('button', { name: 'Hide translation' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('goes back to the bookmarks when the paper was opened from there', async () => {
    sessionStorage.setItem('returnTo', 'bookmarks');
    const { router } = renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Bookmarks' }));
    expect(router.state.location.pathname).toBe('/bookmarks');
  });

  it('says when the paper does not exist', async () => {
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001');
    expect(await screen.findByRole('heading', { name: 'Paper not found' })).toBeTruthy();
  });

  it('says when the paper could not be fetched', async () => {
    fetchStub.mockImplementationOnce(async () =>
      Response.json({ error: 'internal', message: 'boom' }, { status: 500 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    expect(await screen.findByRole('heading', { name: 'Failed to fetch paper' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
