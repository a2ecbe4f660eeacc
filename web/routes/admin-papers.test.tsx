import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Bookmark } from '../../common/bookmarks.js';
import { type PaperDetail, type PaperList, readerFieldsOf } from '../../common/papers.js';
import { makeSummary } from '../../common/testing/summary.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { apiError, jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { ManagePapersPage } from './admin-papers.js';

const fakeApi = setUpAdminScreen(['admin-papers']);

const summary = makeSummary({
  Paper_one_line: 'Agents plan.',
  Problem: 'Planning.',
  Takeaway: 'Plan first.',
  Results: ['Better plans'],
  paper_category1: 'Agents',
  paper_category2: 'Planning',
  ApplicationDomains: { items: ['Robotics'] },
  generatedBy: 'llm',
});

const paper: PaperDetail = {
  id: 7,
  arxivId: 'hep-th/9901001',
  version: 2,
  title: 'Strings Revisited',
  pdfUrl: 'https://arxiv.org/pdf/hep-th/9901001v2',
  abstract: 'We revisit strings.',
  submittedDate: '1999-01-04',
  authors: ['A. Author'],
  translated: false,
  categories: [
    { name: 'Agents', nameAr: null },
    { name: 'Physics', nameAr: 'الفيزياء' },
  ],
  abstractTranslation: null,
  summary,
  summaryModel: 'gpt-test',
  summaryAr: null,
};

const list = (papers: PaperDetail[], currentPage = 1, totalPages = 2): PaperList => ({
  papers,
  pagination: {
    currentPage,
    totalPages,
    totalCount: 12,
    limit: 10,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
    nextPage: currentPage < totalPages ? currentPage + 1 : null,
    previousPage: currentPage > 1 ? currentPage - 1 : null,
  },
});

function servePaper(bookmarks: Bookmark[] = [], answer: PaperDetail = paper) {
  fakeApi.handlers['GET /api/papers/hep-th/9901001'] = () => jsonResponse(answer);
  fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse(bookmarks);
  fakeApi.handlers['PUT /api/papers/hep-th/9901001'] = () => jsonResponse(paper);
  fakeApi.handlers['POST /api/papers/hep-th/9901001/categories'] = ({ body }) =>
    jsonResponse((body as { categories: string[] }).categories.sort().map((name) => ({ name, nameAr: null })));
}

const form = async () => within(await screen.findByRole('form', { name: 'Edit Paper' }));
const sent = (method: string, path: string) => requestsTo(fakeApi, method, path).map((request) => request.body);

describe('ManagePapersPage', () => {
  it('loads the paper named by ?id= into the edit form, its arXiv id read-only', async () => {
    servePaper();
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    const edit = await form();
    expect((edit.getByLabelText('ArXiv ID') as HTMLInputElement).readOnly).toBe(true);
    expect((edit.getByLabelText('ArXiv ID') as HTMLInputElement).value).toBe('hep-th/9901001');
    expect((edit.getByLabelText('Version') as HTMLInputElement).min).toBe('1');
    expect((edit.getByLabelText('Title') as HTMLInputElement).value).toBe('Strings Revisited');
    expect((edit.getByLabelText('Application domains (comma-separated)') as HTMLInputElement).value).toBe('Robotics');
    expect(edit.getByRole('link', { name: 'Read Paper' }).getAttribute('href')).toBe('/ai-digest/hep-th/9901001');
    expect(screen.getByRole('tab', { name: 'Search & Edit' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says, for a summary with an Arabic version, which changes remove it', async () => {
    servePaper();
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    await form();
    expect(screen.queryByText(/This summary has an Arabic version/)).toBeNull();
    cleanup();

    const summaryAr = { ...readerFieldsOf(summary), Paper_one_line: 'نموذج يخطط.' };
    servePaper([], { ...paper, summaryAr });
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    await form();
    expect(screen.getByText(/This summary has an Arabic version/).textContent).toContain('Arabic readers then see');
  });

  it('updates from the form view: comma-separated domains, results one per line, empty entries dropped', async () => {
    servePaper();
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    const edit = await form();
    fireEvent.change(edit.getByLabelText('Title'), { target: { value: 'Strings Again' } });
    fireEvent.change(edit.getByLabelText('Results (one per line)'), { target: { value: 'First\n\n  Second  \n' } });
    fireEvent.change(edit.getByLabelText('Application domains (comma-separated)'), {
      target: { value: 'Robotics, , Physics ,' },
    });
    fireEvent.click(edit.getByRole('button', { name: 'Update Paper' }));
    expect(await screen.findByText('Paper updated successfully!')).toBeTruthy();
    expect(sent('PUT', '/api/papers/hep-th/9901001')).toEqual([
      {
        version: 2,
        title: 'Strings Again',
        pdfUrl: paper.pdfUrl,
        abstract: paper.abstract,
        summary: { ...summary, Results: ['First', 'Second'], ApplicationDomains: { items: ['Robotics', 'Physics'] } },
      },
    ]);
    expect(sent('POST', '/api/papers/hep-th/9901001/categories')).toEqual([]);
  });

  it("refuses JSON that does not parse with 'Error parsing summary JSON', and sends JSON that does", async () => {
    servePaper();
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    const edit = await form();
    fireEvent.click(edit.getByRole('button', { name: 'JSON' }));
    const json = edit.getByRole('textbox', { name: 'JSON' });
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual(summary);

    fireEvent.change(json, { target: { value: '{"Paper_one_line": ' } });
    fireEvent.click(edit.getByRole('button', { name: 'Update Paper' }));
    expect(edit.getByRole('alert').textContent).toBe('Error parsing summary JSON');
    fireEvent.click(edit.getByRole('button', { name: 'Form' }));
    expect(edit.getByRole('textbox', { name: 'JSON' })).toBeTruthy();
    expect(sent('PUT', '/api/papers/hep-th/9901001')).toEqual([]);

    const edited = JSON.stringify({ ...summary, Paper_one_line: 'Edited in JSON.' });
    fireEvent.change(json, { target: { value: edited } });
    fireEvent.click(edit.getByRole('button', { name: 'Update Paper' }));
    expect(await screen.findByText('Paper updated successfully!')).toBeTruthy();
    expect(sent('PUT', '/api/papers/hep-th/9901001')[0]).toMatchObject({ summary: edited });
  });

  it("shows the server's refusal of the summary in the JSON view", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    servePaper();
    fakeApi.handlers['PUT /api/papers/hep-th/9901001'] = () =>
      apiError(400, 'invalid_request', 'Error parsing summary JSON');
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    const edit = await form();
    fireEvent.click(edit.getByRole('button', { name: 'JSON' }));
    fireEvent.click(edit.getByRole('button', { name: 'Update Paper' }));
    await waitFor(() => expect(edit.getByRole('alert').textContent).toBe('Error parsing summary JSON'));
  });

  it('removes and adds categories, sending the new set', async () => {
    servePaper();
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    const edit = await form();
    fireEvent.click(edit.getByRole('button', { name: 'Remove category Physics' }));
    fireEvent.change(edit.getByLabelText('New category'), { target: { value: '  Strings ' } });
    fireEvent.keyDown(edit.getByLabelText('New category'), { key: 'Enter' });
    expect(edit.getByText('Strings')).toBeTruthy();
    fireEvent.click(edit.getByRole('button', { name: 'Update Paper' }));
    expect(await screen.findByText('Paper updated successfully!')).toBeTruthy();
    expect(sent('POST', '/api/papers/hep-th/9901001/categories')).toEqual([{ categories: ['Agents', 'Strings'] }]);
  });

  it('adds and removes the bookmark', async () => {
    const bookmark = { id: 3, paperId: 7, arxivId: 'hep-th/9901001', createdAt: '2026-01-01T00:00:00.000Z' };
    let bookmarks: Bookmark[] = [];
    servePaper();
    fakeApi.handlers['GET /api/bookmarks'] = () => jsonResponse(bookmarks);
    fakeApi.handlers['POST /api/bookmarks/hep-th/9901001'] = () => {
      bookmarks = [bookmark];
      return jsonResponse(bookmark, 201);
    };
    fakeApi.handlers['DELETE /api/bookmarks/3'] = () => {
      bookmarks = [];
      return jsonResponse(bookmark);
    };
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    fireEvent.click(await (await form()).findByRole('button', { name: 'Add Bookmark' }));
    expect(await screen.findByText('Paper added to bookmarks successfully')).toBeTruthy();
    fireEvent.click(await (await form()).findByRole('button', { name: 'Remove Bookmark' }));
    expect(await screen.findByText('Paper removed from bookmarks successfully')).toBeTruthy();
    expect(await (await form()).findByRole('button', { name: 'Add Bookmark' })).toBeTruthy();
  });

  it('deletes the paper after confirmation', async () => {
    servePaper();
    fakeApi.handlers['DELETE /api/papers/hep-th/9901001'] = () => jsonResponse({ message: 'Paper deleted' });
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?id=hep-th%2F9901001');
    fireEvent.click((await form()).getByRole('button', { name: 'Delete Paper' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this paper?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE', '/api/papers/hep-th/9901001')).toEqual([]);

    fireEvent.click((await form()).getByRole('button', { name: 'Delete Paper' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Paper' }));
    expect(await screen.findByText('Paper moved to Deleted Papers')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Paper' })).toBeNull());
  });

  it('lists all papers with Edit, Delete, Refresh and pages, and Edit opens the form', async () => {
    servePaper();
    fakeApi.handlers['GET /api/papers'] = ({ url }) =>
      jsonResponse(list([paper], Number(url.searchParams.get('page'))));
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers');
    fireEvent.click(screen.getByRole('tab', { name: 'All Papers' }));
    const table = within(await screen.findByRole('region', { name: 'Papers' }));
    expect(table.getByRole('rowheader', { name: 'Strings Revisited' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(requestsTo(fakeApi, 'GET', '/api/papers').map((request) => request.url.search)).toEqual([
        '?page=1&limit=10',
        '?page=2&limit=10',
        '?page=2&limit=10',
      ]),
    );
    fireEvent.click(table.getByRole('button', { name: 'Edit Strings Revisited' }));
    expect(await form()).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Search & Edit' }).getAttribute('aria-selected')).toBe('true');
  });

  it("toasts 'Failed to fetch papers'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['GET /api/papers'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?tab=all');
    expect((await screen.findAllByText('Failed to fetch papers')).length).toBeGreaterThan(0);
  });

  it('lists the deleted papers with who and when, searches them by their start, and restores one', async () => {
    const deleted = (arxivId: string) => ({
      arxivId,
      deletedAt: '2026-01-05T10:00:00.000Z',
      deletedBy: { id: 1, name: 'Ada Admin', email: 'ada@example.org' },
      title: null,
    });
    let items = [deleted('2202.12139'), { ...deleted('hep-th/9901001'), deletedBy: null }];
    fakeApi.handlers['GET /api/admin/deleted-papers'] = ({ url }) => {
      const matching = items.filter((item) => item.arxivId.startsWith(url.searchParams.get('q') ?? ''));
      return jsonResponse({
        items: matching,
        pagination: { page: 1, limit: 20, total: matching.length, totalPages: matching.length > 0 ? 1 : 0 },
      });
    };
    fakeApi.handlers['DELETE /api/admin/deleted-papers/2202.12139'] = () => {
      items = items.filter((item) => item.arxivId !== '2202.12139');
      return jsonResponse({ message: '2202.12139 restored: it can be scraped and imported again', paperShown: false });
    };
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?tab=deleted');
    expect(screen.getByRole('tab', { name: 'Deleted Papers' }).getAttribute('aria-selected')).toBe('true');
    const table = within(await screen.findByRole('region', { name: 'Deleted papers' }));
    expect(table.getByRole('rowheader', { name: '2202.12139' })).toBeTruthy();
    expect(table.getByText('ada@example.org')).toBeTruthy();
    expect(table.getAllByText('Jan 5, 2026')).toHaveLength(2);
    expect(table.getByText('An account since removed')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search deleted arXiv IDs'), { target: { value: ' 2202 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(table.queryByRole('rowheader', { name: 'hep-th/9901001' })).toBeNull());
    expect(table.getAllByText('Deleted permanently: only the ID is kept')).toHaveLength(1);
    fireEvent.click(table.getByRole('button', { name: 'Allow 2202.12139 to be imported and scraped again' }));
    expect(await screen.findByText('2202.12139 restored: it can be scraped and imported again')).toBeTruthy();
    expect(await screen.findByText('No deleted arXiv ID starts with “2202”')).toBeTruthy();
    expect(requestsTo(fakeApi, 'GET', '/api/admin/deleted-papers').map((request) => request.url.search)).toEqual([
      '?q=&page=1&limit=20',
      '?q=2202&page=1&limit=20',
      '?q=2202&page=1&limit=20',
    ]);

    // An empty search lists them all again.
    fireEvent.change(screen.getByLabelText('Search deleted arXiv IDs'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('rowheader', { name: 'hep-th/9901001' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('restores a kept paper whole, and deletes one permanently only once its own dialog is confirmed', async () => {
    const kept = (arxivId: string, title: string) => ({
      arxivId,
      deletedAt: '2026-01-05T10:00:00.000Z',
      deletedBy: { id: 1, name: 'Ada Admin', email: 'ada@example.org' },
      title,
    });
    let items = [kept('2202.12139', 'Kept Strings'), kept('2202.12140', 'Kept Knots')];
    fakeApi.handlers['GET /api/admin/deleted-papers'] = () =>
      jsonResponse({ items, pagination: { page: 1, limit: 20, total: items.length, totalPages: 1 } });
    fakeApi.handlers['DELETE /api/admin/deleted-papers/2202.12139'] = () => {
      items = items.filter((item) => item.arxivId !== '2202.12139');
      return jsonResponse({ message: '2202.12139 restored with its comments and bookmarks', paperShown: true });
    };
    fakeApi.handlers['DELETE /api/admin/deleted-papers/2202.12140/paper'] = () => {
      items = items.map((item) => (item.arxivId === '2202.12140' ? { ...item, title: null } : item)) as typeof items;
      return jsonResponse({ message: '2202.12140 deleted permanently' });
    };
    renderRoute('/admin/papers', ManagePapersPage, '/admin/papers?tab=deleted');
    const table = within(await screen.findByRole('region', { name: 'Deleted papers' }));
    expect(table.getByText('Kept Strings')).toBeTruthy();
    fireEvent.click(table.getByRole('button', { name: 'Restore 2202.12139' }));
    expect(await screen.findByText('2202.12139 restored with its comments and bookmarks')).toBeTruthy();

    fireEvent.click(await table.findByRole('button', { name: 'Delete 2202.12140 permanently' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this paper permanently?' }));
    // The title is isolated, so that an English title keeps its place in an Arabic sentence.
    expect(dialog.getByText(/“\u2068Kept Knots\u2069” will be erased with its bookmarks, comments/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE', '/api/admin/deleted-papers/2202.12140/paper')).toEqual([]);
    fireEvent.click(table.getByRole('button', { name: 'Delete 2202.12140 permanently' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('2202.12140 deleted permanently')).toBeTruthy();
    expect(await table.findByText('Deleted permanently: only the ID is kept')).toBeTruthy();
    expect(table.queryByRole('button', { name: 'Delete 2202.12140 permanently' })).toBeNull();
  });
});
