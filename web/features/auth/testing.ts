/** The set-up of the account screens' unit tests (jsdom); the generic fakes live in web/test/. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../lib/i18n.js';
import { createFakeApi, type FakeApi } from '../../test/fake-api.js';
import { authStore } from './auth-store.js';

/**
 * The set-up of a test file of the account pages: their texts loaded, a fresh fake API in place of
 * fetch and empty storage for each test, then the page unmounted and the reader signed out.
 */
export function setUpFakeAuthApi(): FakeApi {
  const fakeApi = createFakeApi();
  const fetchStub = vi.fn(fakeApi.fetch);
  beforeAll(async () => {
    await initI18n();
    await loadNamespaces(['auth']);
  });
  beforeEach(() => {
    fakeApi.reset();
    localStorage.clear();
    vi.stubGlobal('fetch', fetchStub);
  });
  afterEach(async () => {
    cleanup();
    await authStore.logout();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return fakeApi;
}
