import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScrapeAnswer } from '../../common/queue.js';
import { changeLocale } from '../lib/i18n.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { apiError, jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { AdminScraperPage } from './admin-scraper.js';

const fakeApi = setUpAdminScreen(['admin-scraper', 'admin']);

const answer: ScrapeAnswer = {
  message: 'Paper queued',
  outcome: 'queued',
  paper: {
    id: null,
    arxivId: 'hep-th/9901001',
    version: 2,
    title: 'Strings Revisited',
    abstract: 'We revisit strings.',
    pdfUrl: 'https://arxiv.org/pdf/hep-th/9901001v2',
  },
};

function scrape(input: string, { addToBookmarks = false } = {}) {
  fireEvent.change(screen.getByLabelText('Paper ID or URL'), { target: { value: input } });
  if (addToBookmarks) fireEvent.click(screen.getByRole('checkbox', { name: 'Add to bookmarks' }));
  fireEvent.click(screen.getByRole('button', { name: 'Scrape' }));
}

describe('AdminScraperPage', () => {
  it('asks for an id or URL before sending anything', () => {
    renderRoute('/admin-scraper', AdminScraperPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Scraper Dashboard' })).toBeTruthy();
    scrape('   ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a paper ID or URL');
    expect(requestsTo(fakeApi, 'POST', '/api/admin/scrape')).toEqual([]);
  });

  it('scrapes the trimmed input and shows the title, abstract, PDF link and version', async () => {
    fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse(answer);
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('  https://arxiv.org/abs/hep-th/9901001v2 ');
    const card = within(await screen.findByRole('article', { name: 'Strings Revisited' }));
    expect(card.getByText('We revisit strings.')).toBeTruthy();
    expect(card.getByText(/Version 2/).textContent).toBe('hep-th/9901001 · Version 2');
    expect(card.getByRole('link', { name: /View PDF/ }).getAttribute('href')).toBe(answer.paper.pdfUrl);
    expect(screen.getByRole('status').textContent).toBe('Paper scraped and added to the queue');
    expect(requestsTo(fakeApi, 'POST', '/api/admin/scrape')[0]?.body).toEqual({
      arxivId: 'https://arxiv.org/abs/hep-th/9901001v2',
    });
  });

  it.each([
    ['bookmarked', true, 'Paper scraped and added to the queue | Added to bookmarks'],
    ['not bookmarked', false, 'Paper scraped and added to the queue | Failed to add bookmark'],
  ])('asks the server to bookmark the paper when asked (%s)', async (_case, bookmarked, status) => {
    fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse({ ...answer, bookmarked });
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('hep-th/9901001', { addToBookmarks: true });
    expect(await screen.findByText(status, { selector: '[role=status]' })).toBeTruthy();
    expect(requestsTo(fakeApi, 'POST', '/api/admin/scrape')[0]?.body).toEqual({
      arxivId: 'hep-th/9901001',
      addToBookmarks: true,
    });
  });

  it('shows one toast however often the same paper is scraped', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const toasts = (text: string) =>
      [...document.querySelectorAll('[data-sonner-toast]')].filter((toast) => toast.textContent?.startsWith(text));
    renderRoute('/admin-scraper', AdminScraperPage);
    for (let round = 1; round <= 3; round++) {
      fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse(answer);
      scrape('hep-th/9901001');
      await waitFor(() => expect(requestsTo(fakeApi, 'POST', '/api/admin/scrape')).toHaveLength(round));
      await waitFor(() => expect(toasts('Paper scraped and added to the queue').length).toBeGreaterThan(0));
      await waitFor(() =>
        expect((screen.getByRole('button', { name: 'Scrape' }) as HTMLButtonElement).disabled).toBe(false),
      );
    }
    // A last, different toast: every toast raised before it is on screen once it is.
    fakeApi.handlers['POST /api/admin/scrape'] = () => apiError(400, 'invalid_request', 'Not an arXiv paper');
    scrape('not-an-id');
    await waitFor(() => expect(toasts('Scraping failed')).toHaveLength(1));
    expect(toasts('Paper scraped and added to the queue')).toHaveLength(1);
  });

  it("says 'Scraping failed' when the server refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['POST /api/admin/scrape'] = () =>
      apiError(400, 'invalid_request', '"not-an-id" is not an arXiv id or an arxiv.org URL');
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('not-an-id', { addToBookmarks: true });
    expect(await screen.findByText('Scraping failed', { selector: '[role=status]' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(fakeApi.requests.some((request) => request.url.pathname.startsWith('/api/bookmarks'))).toBe(false);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs a scrape the server could not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['POST /api/admin/scrape'] = () => apiError(500, 'internal_error', 'Something went wrong.');
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('2202.12139');
    expect(await screen.findByText('Scraping failed', { selector: '[role=status]' })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Scraping failed', expect.anything());
  });

  it('says how to allow again a paper an admin deleted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['POST /api/admin/scrape'] = () =>
      apiError(409, 'paper_deleted', 'Paper 2202.12139 was deleted by an admin, so it is not scraped again.');
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('2202.12139');
    const status = await screen.findByText(/^Scraping failed: an admin deleted this paper\./, {
      selector: '[role=status]',
    });
    expect(status.textContent).toContain('Restore it under Manage Papers, Deleted Papers');
  });

  it("says why a scrape failed in the page's language by the error's code, and by the server's message for a code it does not know", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const description = () => document.querySelector('[data-sonner-toast] [data-description]')?.textContent;
    const refuse = (code: string, message: string) => {
      fakeApi.handlers['POST /api/admin/scrape'] = () => apiError(400, code, message);
    };
    renderRoute('/admin-scraper', AdminScraperPage);
    refuse('arxiv_not_found', 'arXiv has no paper 2401.09999');
    scrape('2401.09999');
    await waitFor(() => expect(description()).toBe('arXiv has no paper with this id.'));

    await act(() => changeLocale('ar'));
    try {
      refuse('invalid_arxiv_id', 'Not an arXiv paper: enter an id such as 2401.12345');
      fireEvent.change(screen.getByLabelText('معرّف الورقة أو رابطها'), { target: { value: 'a paper' } });
      fireEvent.click(screen.getByRole('button', { name: 'جلب' }));
      await waitFor(() => expect(description()).toMatch(/^ليس بحثًا على arXiv: أدخل معرّفًا مثل 2401\.12345/));
      expect(screen.getByText('فشل الجلب', { selector: '[role=status]' })).toBeTruthy();

      refuse('teapot', 'I am a teapot.');
      fireEvent.click(screen.getByRole('button', { name: 'جلب' }));
      await waitFor(() => expect(description()).toBe('I am a teapot.'));
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
