import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaperDetail, PaperList } from '../../common/papers.js';
import { makeSummary } from '../../common/testing/summary.js';
import type { PublicUser } from '../../common/users.js';
import { type AuthStore, createAuthStore } from '../features/auth/auth-store.js';
import { initI18n } from '../lib/i18n.js';
import { createFakeApi, jsonResponse, makeUser } from '../test/fake-api.js';
import { renderRoute } from '../test/render.js';
import { DigestListPage } from './ai-digest.js';
import { PaperPage } from './paper.js';

const current = vi.hoisted(() => ({ store: null as AuthStore | null }));
vi.mock('../features/auth/auth-store.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../features/auth/auth-store.js')>();
  return {
    ...actual,
    useAuth: () => actual.useAuth(current.store ?? actual.authStore),
    useSignedInReader: () => actual.useSignedInReader(current.store ?? actual.authStore),
  };
});

const paper: PaperDetail = {
  id: 7,
  arxivId: 'hep-th/9901001',
  version: 2,
  title: 'Strings Revisited',
  pdfUrl: 'https://arxiv.org/pdf/hep-th/9901001v2',
  abstract: 'We revisit strings.',
  submittedDate: '1999-01-04',
  authors: [],
  translated: false,
  categories: [],
  abstractTranslation: null,
  summary: makeSummary({
    Paper_one_line: 'Strings, again.',
    paper_category1: 'Physics',
    generatedBy: 'llm',
  }),
  summaryModel: 'qwen-test',
  summaryAr: null,
};

const papers: PaperList = {
  papers: [paper],
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalCount: 1,
    limit: 6,
    hasNextPage: false,
    hasPreviousPage: false,
    nextPage: null,
    previousPage: null,
  },
};

const fakeApi = createFakeApi();

function signedInAs(user: PublicUser) {
  current.store = createAuthStore({ check: async () => ({ user }), login: vi.fn(), logout: vi.fn() });
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  fakeApi.reset();
  fakeApi.handlers['GET /api/papers'] = () => jsonResponse(papers);
  fakeApi.handlers['GET /api/categories/names'] = () => jsonResponse([{ name: 'Physics', nameAr: 'الفيزياء' }]);
  fakeApi.handlers['GET /api/papers/hep-th/9901001'] = () => jsonResponse(paper);
  vi.stubGlobal('fetch', vi.fn(fakeApi.fetch));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  current.store = null;
  vi.unstubAllGlobals();
});

describe('Edit links for admins', () => {
  it('puts Edit Paper on digest cards and Edit on the paper page, to /admin/papers?id=', async () => {
    signedInAs(makeUser({ role: 'admin' }));
    renderRoute('/ai-digest', DigestListPage);
    const card = within(
      (await screen.findByRole('heading', { name: 'Strings Revisited' })).closest('article') as HTMLElement,
    );
    await act(async () => {});
    expect(card.getByRole('link', { name: 'Edit Paper' }).getAttribute('href')).toBe(
      '/admin/papers?id=hep-th%2F9901001',
    );
    cleanup();

    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/hep-th/9901001');
    expect((await screen.findByRole('link', { name: 'Edit' })).getAttribute('href')).toBe(
      '/admin/papers?id=hep-th%2F9901001',
    );
    expect(screen.getByText('Summary by qwen-test')).toBeTruthy();
  });

  it('shows neither to a reader', async () => {
    signedInAs(makeUser({ role: 'user' }));
    renderRoute('/ai-digest', DigestListPage);
    await screen.findByRole('heading', { name: 'Strings Revisited' });
    await act(async () => {});
    expect(screen.queryByRole('link', { name: /Edit Paper/ })).toBeNull();
    cleanup();

    renderRoute('/ai-digest/*', PaperPage, '/ai-digest/hep-th/9901001');
    await screen.findByText('Summary by qwen-test');
    await act(async () => {});
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});
