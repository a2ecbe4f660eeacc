/** The set-up of the admin screens' unit tests (jsdom): their texts, a fake API, and a clean page after each. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { TextNamespace } from '../../common/routes.js';
import { toast } from '../components/ui/toaster.js';
import { initI18n, loadNamespaces } from '../lib/i18n.js';
import { installDialogPolyfill } from './dialog.js';
import { createFakeApi, type FakeApi } from './fake-api.js';

export function setUpAdminScreen(namespaces: TextNamespace[]): FakeApi {
  const fakeApi = createFakeApi();
  const fetchStub = vi.fn(fakeApi.fetch);
  beforeAll(async () => {
    installDialogPolyfill();
    await initI18n();
    await loadNamespaces(namespaces);
  });
  beforeEach(() => {
    fakeApi.reset();
    vi.stubGlobal('fetch', fetchStub);
  });
  afterEach(() => {
    // Toasts outlive a page in sonner's store: none reaches the next test.
    toast.dismiss();
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return fakeApi;
}

/** The requests of one method and path the fake API received. */
export const requestsTo = (fakeApi: FakeApi, method: string, path: string) =>
  fakeApi.requests.filter((request) => request.method === method && request.url.pathname === path);
