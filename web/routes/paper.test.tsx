import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArabicSummary, PaperDetail } from '../../common/papers.js';
import type { PaperMatches } from '../../common/search.js';
import { makeSummary } from '../../common/testing/summary.js';
import { changeLocale, initI18n } from '../lib/i18n.js';
import { checkedFetch } from '../test/api-contract.js';
import { apiError } from '../test/fake-api.js';
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
  categories: [{ name: 'Agents', nameAr: null }],
  abstractTranslation: 'السطر الأول بالعربية.',
  summary,
  summaryModel: null,
  summaryAr: null,
};

const summaryAr: ArabicSummary = {
  Paper_one_line: 'وكلاء يعيدون كتابة أدواتهم.',
  Problem: 'لا يتحسن استخدام الأدوات بعد النشر.',
  Takeaway: 'الأدوات التي يكتبها الوكيل تضاعف معدلات النجاح.',
  Results: ['يرتفع النجاح من 31% إلى 64%.'],
  Critique: 'Null',
  terms: [],
};

/** The paper the API answers, with an Arabic summary. */
const withArabicSummary: PaperDetail = {
  ...paper,
  arxivId: '2401.00005',
  summary: { ...summary, generatedBy: 'llm' },
  summaryModel: 'qwen-test',
  summaryAr,
};

/** A paper whose abstract is not translated yet. */
const untranslated: PaperDetail = { ...paper, arxivId: '2401.00006', translated: false, abstractTranslation: null };

const fetchStub = vi.fn(
  checkedFetch(async (input) => {
    const answers: Record<string, PaperDetail> = {
      '/api/papers/math/9501234': paper,
      '/api/papers/2401.00005': withArabicSummary,
      '/api/papers/2401.00006': untranslated,
    };
    const related: Record<string, PaperMatches> = {
      '/api/papers/math/9501234/related': { papers: [] },
      '/api/papers/2401.00005/related': { papers: [] },
      '/api/papers/2401.00006/related': { papers: [] },
    };
    if (String(input) === '/api/auth/check') return Response.json({ user: null });
    const answer = answers[String(input)] ?? related[String(input)];
    return answer ? Response.json(answer) : apiError(404, 'not_found', 'Paper not found');
  }),
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
    expect(screen.getByRole('link', { name: 'Back to AI Digest' }).getAttribute('href')).toBe('/ai-digest?page=1');
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

  it('shows readers of Arabic the Arabic summary, right to left, with the English a click away and back', async () => {
    await act(() => changeLocale('ar'));
    try {
      renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00005');
      const oneLine = await screen.findByText('وكلاء يعيدون كتابة أدواتهم.');
      expect(oneLine.getAttribute('lang')).toBe('ar');
      expect(oneLine.getAttribute('dir')).toBe('rtl');
      expect(screen.getByText('لا يتحسن استخدام الأدوات بعد النشر.')).toBeTruthy();
      expect(screen.getByText('يرتفع النجاح من 31% إلى 64%.')).toBeTruthy();
      expect(screen.getByText('الأدوات التي يكتبها الوكيل تضاعف معدلات النجاح.')).toBeTruthy();
      expect(screen.queryByText('Tool use does not improve after deployment.')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'عرض الملخص بالإنجليزية' }));
      expect(screen.getByText('Agents that rewrite their own tools.').getAttribute('lang')).toBe('en');
      expect(screen.getByText('Success rises from 31% to 64%.')).toBeTruthy();
      expect(screen.queryByText('وكلاء يعيدون كتابة أدواتهم.')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'عرض الملخص بالعربية' }));
      expect(screen.getByText('وكلاء يعيدون كتابة أدواتهم.')).toBeTruthy();
    } finally {
      await act(() => changeLocale('en'));
    }
  });

  it("tells readers of Arabic that the abstract's translation is not there yet, and marks the paper's English as English", async () => {
    await act(() => changeLocale('ar'));
    try {
      renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00006');
      expect(await screen.findByText('الترجمة العربية لهذا المستخلص غير متاحة بعد.')).toBeTruthy();
      const english = [
        screen.getByText('First English line.').parentElement,
        screen.getByRole('heading', { level: 1, name: 'Self-Evolving Tool Use' }),
        screen.getByText('Ada Lovelace, Alan Turing'),
        screen.getByText('Agents that rewrite their own tools.'),
      ];
      for (const element of english) {
        expect(element?.getAttribute('lang'), element?.textContent ?? '').toBe('en');
        expect(element?.getAttribute('dir'), element?.textContent ?? '').toBe('ltr');
      }
      expect(screen.getByText('5 يناير 1995')).toBeTruthy();
    } finally {
      await act(() => changeLocale('en'));
    }
    cleanup();
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00006');
    await screen.findByText('First English line.');
    expect(screen.queryByText(/translation of this abstract/)).toBeNull();
  });

  it('shows readers of English the English summary, and the Arabic on request', async () => {
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00005');
    expect(await screen.findByText('Agents that rewrite their own tools.')).toBeTruthy();
    expect(screen.queryByText('وكلاء يعيدون كتابة أدواتهم.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the Arabic summary' }));
    expect(screen.getByText('وكلاء يعيدون كتابة أدواتهم.').getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('button', { name: 'Show the English summary' })).toBeTruthy();
  });

  it('offers no summary toggle for a paper without an Arabic summary', async () => {
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    await screen.findByText('Tool use does not improve after deployment.');
    expect(screen.queryByRole('button', { name: /summary/ })).toBeNull();
  });

  it('goes back to the bookmarks when the paper was opened from there', async () => {
    sessionStorage.setItem('returnTo', 'bookmarks');
    const { router } = renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    fireEvent.click(await screen.findByRole('link', { name: 'Back to Bookmarks' }));
    expect(router.state.location.pathname).toBe('/bookmarks');
  });

  it('goes back to the digest’s page, category and search it was opened from, at its card', async () => {
    sessionStorage.setItem('aiDigestPage', '2');
    sessionStorage.setItem('aiDigestCategory', 'AI Agents');
    sessionStorage.setItem('aiDigestSearch', 'tool use');
    sessionStorage.setItem('aiDigestOpened', 'math/9501234');
    const { router } = renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    const back = await screen.findByRole('link', { name: 'Back to AI Digest' });
    expect(back.getAttribute('href')).toBe('/ai-digest?q=tool+use&page=2&category=AI+Agents#paper-math/9501234');
    fireEvent.click(back);
    expect(router.state.location).toMatchObject({
      pathname: '/ai-digest',
      search: '?q=tool+use&page=2&category=AI+Agents',
      hash: '#paper-math/9501234',
    });
  });

  it('says when the paper does not exist', async () => {
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/2401.00001');
    expect(await screen.findByRole('heading', { name: 'Paper not found' })).toBeTruthy();
  });

  it('says when the paper could not be fetched', async () => {
    fetchStub.mockImplementationOnce(async () => apiError(500, 'internal_error', 'Something went wrong on our side.'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/math/9501234');
    expect(await screen.findByRole('heading', { name: 'Failed to fetch paper' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
