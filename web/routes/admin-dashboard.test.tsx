import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Health } from '../../common/health.js';
import { changeLocale, loadNamespaces } from '../lib/i18n.js';
import { setUpAdminScreen } from '../test/admin-screens.js';
import { apiError, jsonResponse } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { AdminDashboardPage } from './admin-dashboard.js';

const fakeApi = setUpAdminScreen(['admin', 'admin-queue']);

function serveSearchStatus(search: Health['search']) {
  fakeApi.handlers['GET /api/health'] = () =>
    jsonResponse({ status: 'ok', dialect: 'postgres', migration: '0012', papers: 600, search });
}

beforeEach(() => {
  fakeApi.handlers['GET /api/queue'] = () =>
    jsonResponse({
      items: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
      counts: { waiting: 0, processing: 0, retrying: 0, parked: 0, processed: 600 },
    });
});
afterEach(async () => {
  await changeLocale('en');
});

const renderDashboard = () => renderRoute('/admin', AdminDashboardPage);

describe('the admin dashboard', () => {
  it('shows how many papers the background embedding has done', async () => {
    serveSearchStatus({
      vectorIndex: 'sqlite-vec',
      reason: null,
      model: 'use-lite',
      embedded: { done: 2048, total: 42638, secondsLeft: null },
    });
    renderDashboard();
    // Grouped as the queue's progress writes the same counts.
    expect(await screen.findByText('Search index: 2,048 of 42,638 papers embedded')).toBeTruthy();
    expect(screen.queryByText(/Full text only/)).toBeNull();
  });

  it('describes each screen by all it does: users suspended, made administrators, deleted; categories renamed', async () => {
    serveSearchStatus({
      vectorIndex: 'none',
      reason: null,
      model: 'use-lite',
      embedded: { done: 600, total: 600, secondsLeft: null },
    });
    renderDashboard();
    const tile = async (name: string) =>
      (await screen.findByRole('link', { name: new RegExp(`^${name}`) })).textContent;
    expect(await tile('Manage Users')).toMatch(/suspend.*administrator role.*delete accounts/);
    expect(await tile('Manage Categories')).toMatch(/rename/);
  });

  it('says search runs on full text only when there is no vector index, and why', async () => {
    serveSearchStatus({
      vectorIndex: 'none',
      reason: 'The pgvector extension is not installed.',
      model: 'use-lite',
      embedded: { done: 0, total: 600, secondsLeft: null },
    });
    renderDashboard();
    const note = await screen.findByText(/^Full text only/);
    expect(note.textContent).toBe('Full text only: The pgvector extension is not installed.');
  });

  it('says so when the state cannot be read', async () => {
    fakeApi.handlers['GET /api/health'] = () => apiError(503, 'unavailable', 'Down.');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard();
    expect(await screen.findByText('The state of the search index could not be loaded.')).toBeTruthy();
  });

  it.each([
    ['en', 'Back to AI Digest'],
    ['ar', 'العودة إلى ملخص الأبحاث'],
  ] as const)('names its way back by where it goes, the digest (%s)', async (locale, name) => {
    serveSearchStatus({
      vectorIndex: 'none',
      reason: null,
      model: 'use-lite',
      embedded: { done: 600, total: 600, secondsLeft: null },
    });
    await changeLocale(locale);
    await loadNamespaces(['admin', 'admin-queue']);
    renderDashboard();
    expect((await screen.findByRole('link', { name })).getAttribute('href')).toBe('/ai-digest');
  });

  it('speaks Arabic', async () => {
    await changeLocale('ar');
    await loadNamespaces(['admin', 'admin-queue']);
    serveSearchStatus({
      vectorIndex: 'none',
      reason: null,
      model: 'use-lite',
      embedded: { done: 600, total: 600, secondsLeft: null },
    });
    renderDashboard();
    expect(await screen.findByText('فهرس البحث: حُوِّلت 600 من أصل 600 ورقة إلى متجهات')).toBeTruthy();
    expect(screen.getByText('البحث بالنص الكامل فقط')).toBeTruthy();
  });
});
