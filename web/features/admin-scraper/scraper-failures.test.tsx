import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScrapeAnswer } from '../../../common/queue.js';
import { toast } from '../../components/ui/toaster.js';
import { changeLocale } from '../../lib/i18n.js';
import { AdminScraperPage } from '../../routes/admin-scraper.js';
import { setUpAdminScreen } from '../../test/admin-screens.js';
import { apiError, jsonResponse } from '../../test/fake-api.js';
import { renderRoute } from '../../test/render.js';

const fakeApi = setUpAdminScreen(['admin-scraper', 'admin']);

const stored: ScrapeAnswer = {
  message: 'Paper already processed',
  outcome: 'already_processed',
  paper: {
    id: 7,
    arxivId: '2606.32002',
    version: 2,
    title: 'Agents that plan',
    abstract: 'We plan.',
    pdfUrl: 'https://arxiv.org/pdf/2606.32002v2',
  },
};
const UNREACHABLE = () => apiError(502, 'arxiv_unreachable', 'This server cannot reach arXiv (ECONNREFUSED)');

function scrape(input: string, labels = { input: 'Paper ID or URL', button: 'Scrape' }) {
  fireEvent.change(screen.getByLabelText(labels.input), { target: { value: input } });
  fireEvent.click(screen.getByRole('button', { name: labels.button }));
}
const toastCount = () => document.querySelectorAll('[data-sonner-toast]').length;

describe('the scraper', () => {
  it('keeps why a scrape failed on the page once the toast is gone, until the next try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['POST /api/admin/scrape'] = UNREACHABLE;
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('2401.00001');
    expect(await screen.findByText('Scraping failed', { selector: '[role=status]' })).toBeTruthy();
    await waitFor(() => expect(toastCount()).toBe(1));
    act(() => toast.dismiss());
    await waitFor(() => expect(toastCount()).toBe(0));
    expect(screen.getByRole('alert').textContent).toBe(
      "This server cannot reach arXiv (no answer to its name, or the connection was refused): check the server's network or firewall, then try again.",
    );

    fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse(stored);
    scrape('2606.32002');
    expect(await screen.findByText('This paper is already in the digest', { selector: '[role=status]' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links a paper already in the digest to its page', async () => {
    fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse(stored);
    renderRoute('/admin-scraper', AdminScraperPage);
    scrape('2606.32002');
    const link = await screen.findByRole('link', { name: 'Open it in the digest' });
    expect(link.getAttribute('href')).toBe('/ai-digest/2606.32002');
  });

  it('says in Arabic that the server cannot reach arXiv, and links the stored paper', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => changeLocale('ar'));
    try {
      fakeApi.handlers['POST /api/admin/scrape'] = UNREACHABLE;
      renderRoute('/admin-scraper', AdminScraperPage);
      const arabic = { input: 'معرّف الورقة أو رابطها', button: 'جلب' };
      scrape('2401.00001', arabic);
      expect((await screen.findByRole('alert')).textContent).toMatch(/^لا يستطيع هذا الخادم الوصول إلى arXiv/);
      expect(screen.getByText('فشل الجلب', { selector: '[role=status]' })).toBeTruthy();

      fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse(stored);
      scrape('2606.32002', arabic);
      expect((await screen.findByRole('link', { name: 'افتحه في الملخص' })).getAttribute('href')).toBe(
        '/ai-digest/2606.32002',
      );
      expect(screen.getByText('هذه الورقة موجودة في الملخص بالفعل', { selector: '[role=status]' })).toBeTruthy();
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
