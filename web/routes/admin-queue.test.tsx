import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbeddingProgress } from '../../common/health.js';
import type { QueueItem, QueueList, ScrapeAnswer } from '../../common/queue.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { requestsTo, setUpAdminScreen } from '../test/admin-screens.js';
import { apiError, jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { ManageQueuePage } from './admin-queue.js';

const fakeApi = setUpAdminScreen(['admin-queue']);

function serveEmbedding(embedded: EmbeddingProgress) {
  fakeApi.handlers['GET /api/health'] = () =>
    jsonResponse({
      status: 'ok',
      dialect: 'sqlite',
      migration: '0018_embedding_progress',
      papers: embedded.total,
      search: { vectorIndex: 'sqlite-vec', reason: null, model: 'use-lite', embedded },
    });
}

// Every paper has its vector unless a test says otherwise.
beforeEach(() => serveEmbedding({ done: 42, total: 42, secondsLeft: 0 }));

function item(arxivId: string, position: number, overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    arxivId,
    position,
    title: `Paper ${arxivId}`,
    state: 'waiting',
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

function queue(items: QueueItem[]): QueueList {
  return {
    items,
    pagination: { page: 1, limit: 20, total: items.length, totalPages: 1 },
    counts: { waiting: 1, processing: 1, retrying: 0, parked: 1, processed: 42 },
  };
}

const scraped: ScrapeAnswer = {
  message: 'Queued',
  outcome: 'queued',
  paper: {
    id: null,
    arxivId: '2401.00009',
    version: 1,
    title: 'New',
    abstract: 'A.',
    pdfUrl: 'https://arxiv.org/pdf/2401.00009v1',
  },
};

function search(arxivId: string) {
  fireEvent.change(screen.getByLabelText('arXiv ID'), { target: { value: arxivId } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

const result = async () => within(await screen.findByRole('region', { name: 'Search result' }));

describe('ManageQueuePage', () => {
  it('shows the queue with positions, states, attempts and last errors, and its counts', async () => {
    fakeApi.handlers['GET /api/queue'] = () =>
      jsonResponse(
        queue([
          item('2401.00001', 1, { state: 'processing', attempts: 1 }),
          item('2401.00002', 2, { state: 'parked', attempts: 5, lastError: 'The model answered invalid JSON' }),
        ]),
      );
    renderRoute('/admin/queue', ManageQueuePage);
    const table = within(await screen.findByRole('region', { name: 'Queued papers' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2']);
    expect(within(rows[0] as HTMLElement).getByText('Processing')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('The model answered invalid JSON')).toBeTruthy();
    const counts = within(screen.getByLabelText('Processing queue'));
    expect(counts.getAllByRole('definition').map((count) => count.textContent)).toEqual(['1', '1', '0', '1', '42']);
    expect(requestsTo(fakeApi, 'GET', '/api/queue')[0]?.url.search).toBe('?page=1&limit=20');
  });

  it('asks for an id before searching, and says when a search fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/2401.00005'] = () => apiError(503, 'unavailable', 'Down.');
    renderRoute('/admin/queue', ManageQueuePage);
    search('  ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter an arXiv ID');
    search(' 2401.00005 ');
    expect(await screen.findByText('Error searching for paper')).toBeTruthy();
  });

  it('moves a queued paper first, with its message, and shows its new position', async () => {
    let position = 3;
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/2401.00003'] = () =>
      jsonResponse({ status: 'in_queue', item: item('2401.00003', position) });
    fakeApi.handlers['PUT /api/queue/2401.00003/move-first'] = () => {
      position = 1;
      return jsonResponse({ message: 'Moved' });
    };
    renderRoute('/admin/queue', ManageQueuePage);
    search('2401.00003');
    expect((await result()).getByText('In queue at position 3')).toBeTruthy();
    fireEvent.click((await result()).getByRole('button', { name: 'Move First: 2401.00003' }));
    expect(await screen.findByText('Paper moved to first position successfully')).toBeTruthy();
    await waitFor(async () => expect((await result()).getByText('In queue at position 1')).toBeTruthy());
  });

  it.each([
    ['started', 'Paper processing started successfully'],
    ['queued_next', 'Paper queued next: the worker is busy with another paper'],
  ] as const)('says what Process Now did: %s', async (outcome, message) => {
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/2401.00003'] = () =>
      jsonResponse({ status: 'in_queue', item: item('2401.00003', 2) });
    fakeApi.handlers['POST /api/queue/2401.00003/process-now'] = () => jsonResponse({ message: 'Done', outcome });
    renderRoute('/admin/queue', ManageQueuePage);
    search('2401.00003');
    fireEvent.click((await result()).getByRole('button', { name: 'Process Now: 2401.00003' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('removes a paper only once the admin confirms', async () => {
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([item('2401.00003', 1)]));
    fakeApi.handlers['DELETE /api/queue/2401.00003'] = () => jsonResponse({ message: 'Done' });
    renderRoute('/admin/queue', ManageQueuePage);
    const table = within(await screen.findByRole('region', { name: 'Queued papers' }));
    fireEvent.click(table.getByRole('button', { name: 'Remove: 2401.00003' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove this paper from the queue?' }));
    expect(dialog.getByText(/Paper 2401\.00003.*leaves the queue/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fakeApi, 'DELETE', '/api/queue/2401.00003')).toHaveLength(0);

    fireEvent.click(table.getByRole('button', { name: 'Remove: 2401.00003' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Remove this paper from the queue?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Paper removed from queue successfully')).toBeTruthy();
    expect(requestsTo(fakeApi, 'DELETE', '/api/queue/2401.00003')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives every row its actions: a waiting paper all four, a parked one Retry, one being processed Remove', async () => {
    fakeApi.handlers['GET /api/queue'] = () =>
      jsonResponse(
        queue([
          item('2401.00001', 1, { state: 'processing' }),
          item('2401.00002', 2),
          item('2401.00003', 3, { state: 'parked', attempts: 5 }),
        ]),
      );
    fakeApi.handlers['PUT /api/queue/2401.00002/move-last'] = () => jsonResponse({ message: 'Done' });
    renderRoute('/admin/queue', ManageQueuePage);
    const table = within(await screen.findByRole('region', { name: 'Queued papers' }));
    const names = (row: number) =>
      within(table.getAllByRole('row')[row] as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(names(1)).toEqual(['Remove: 2401.00001']);
    expect(names(2)).toEqual([
      'Move First: 2401.00002',
      'Move Last: 2401.00002',
      'Process Now: 2401.00002',
      'Remove: 2401.00002',
    ]);
    expect(names(3)).toContain('Retry 2401.00003 now');
    fireEvent.click(table.getByRole('button', { name: 'Move Last: 2401.00002' }));
    expect(await screen.findByText('Paper moved to last position successfully')).toBeTruthy();
  });

  it("says 'Process failed' when processing is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/2401.00003'] = () =>
      jsonResponse({ status: 'in_queue', item: item('2401.00003', 2) });
    fakeApi.handlers['POST /api/queue/2401.00003/process-now'] = () => apiError(409, 'conflict', 'Being processed');
    renderRoute('/admin/queue', ManageQueuePage);
    search('2401.00003');
    fireEvent.click((await result()).getByRole('button', { name: 'Process Now: 2401.00003' }));
    expect(await screen.findByText('Process failed')).toBeTruthy();
  });

  it('shows a processed paper with links to read and edit it', async () => {
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/hep-th/9901001'] = () =>
      jsonResponse({
        status: 'processed',
        paper: {
          id: 3,
          arxivId: 'hep-th/9901001',
          version: 1,
          title: 'Strings',
          pdfUrl: 'https://arxiv.org/pdf/hep-th/9901001',
          abstract: 'A.',
          submittedDate: '1999-01-01',
          authors: [],
          translated: false,
          categories: [],
        },
      });
    renderRoute('/admin/queue', ManageQueuePage);
    search('hep-th/9901001');
    const found = await result();
    expect(found.getByText('Already processed')).toBeTruthy();
    expect(found.getByRole('link', { name: 'Edit Paper' }).getAttribute('href')).toBe(
      '/admin/papers?id=hep-th%2F9901001',
    );
  });

  it.each([
    ['Scrape and Process Now', { processNow: true, addToFront: false }],
    ['Scrape and Add to Front', { processNow: false, addToFront: true }],
    ['Scrape and Add to Back', { processNow: false, addToFront: false }],
  ])('%s scrapes a paper not found, and bookmarks it when asked', async (button, flags) => {
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/2401.00009'] = () =>
      jsonResponse({ status: 'not_found', arxivId: '2401.00009' });
    fakeApi.handlers['POST /api/admin/scrape'] = () => jsonResponse({ ...scraped, bookmarked: true });
    renderRoute('/admin/queue', ManageQueuePage);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add to bookmarks' }));
    search('2401.00009');
    expect((await result()).getByText('Not found in the queue or among the papers')).toBeTruthy();
    fireEvent.click((await result()).getByRole('button', { name: button }));
    expect(await screen.findByText('Paper scraped and added to the queue')).toBeTruthy();
    expect(await screen.findByText('Paper added to bookmarks successfully')).toBeTruthy();
    expect(requestsTo(fakeApi, 'POST', '/api/admin/scrape')[0]?.body).toEqual({
      arxivId: '2401.00009',
      ...flags,
      addToBookmarks: true,
    });
  });

  it('says how to allow again a paper an admin deleted when scraping it is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    fakeApi.handlers['GET /api/queue/search/2202.12139'] = () =>
      jsonResponse({ status: 'not_found', arxivId: '2202.12139' });
    fakeApi.handlers['POST /api/admin/scrape'] = () =>
      apiError(409, 'paper_deleted', 'Paper 2202.12139 was deleted by an admin, so it is not scraped again.');
    renderRoute('/admin/queue', ManageQueuePage);
    search('2202.12139');
    fireEvent.click((await result()).getByRole('button', { name: 'Scrape and Process Now' }));
    expect(
      await screen.findByText(
        'Scraping failed: an admin deleted this paper. Restore it under Manage Papers, Deleted Papers, to scrape it again.',
      ),
    ).toBeTruthy();
  });
});

describe('the embedding for search on the queue screen', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  const showQueue = () => {
    fakeApi.handlers['GET /api/queue'] = () => jsonResponse(queue([]));
    renderRoute('/admin/queue', ManageQueuePage);
  };

  it('shows how many papers have their vector and about how long the rest will take', async () => {
    serveEmbedding({ done: 1234, total: 42638, secondsLeft: 80 * 60 - 30 });
    showQueue();
    expect(await screen.findByText('Embedding for search: 1,234 of 42,638 papers, about 1 h 20 min left')).toBeTruthy();
  });

  it('leaves the time out while the server does not know the pace', async () => {
    serveEmbedding({ done: 0, total: 42638, secondsLeft: null });
    showQueue();
    expect(await screen.findByText('Embedding for search: 0 of 42,638 papers')).toBeTruthy();
  });

  it('shows nothing of it once every paper has its vector', async () => {
    showQueue();
    await screen.findByText('The queue is empty');
    await waitFor(() => expect(requestsTo(fakeApi, 'GET', '/api/health')).toHaveLength(1));
    expect(screen.queryByText(/Embedding for search/)).toBeNull();
  });

  it('speaks Arabic', async () => {
    await changeLocale('ar');
    await loadNamespaces(['admin-queue']);
    serveEmbedding({ done: 1234, total: 42638, secondsLeft: 2 * 3600 });
    showQueue();
    expect(
      await screen.findByText('تحويل الأوراق إلى متجهات للبحث: 1,234 من أصل 42,638 ورقة، يتبقّى نحو ساعتين'),
    ).toBeTruthy();
  });
});
