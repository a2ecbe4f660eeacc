import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../lib/i18n.js';
import { createQueryClient } from '../../lib/query-client.js';
import { installDialogPolyfill } from '../../test/dialog.js';
import { apiError, createFakeApi } from '../../test/fake-api.js';
import { CiteButton } from './components/cite-button.js';

const ENTRY = '@misc{lovelace2024self,\n  title = {Self-Evolving Tool Use},\n  eprint = {2401.00001}\n}\n';
const fakeApi = createFakeApi();
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeAll(async () => {
  await initI18n();
  installDialogPolyfill();
});
beforeEach(() => {
  fakeApi.reset();
  fakeApi.handlers['GET /api/papers/2401.00001/bibtex'] = () =>
    new Response(ENTRY, { headers: { 'Content-Type': 'text/x-bibtex; charset=utf-8' } });
  vi.stubGlobal('fetch', vi.fn(fakeApi.fetch));
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLocale('en');
});

function renderButton(arxivId = '2401.00001') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <CiteButton arxivId={arxivId} />
    </QueryClientProvider>,
  );
}

async function openDialog(name = 'Cite') {
  fireEvent.click(screen.getByRole('button', { name }));
  return within(await screen.findByRole('dialog'));
}

describe('the Cite dialog', () => {
  it('loads on the first press and shows the BibTeX entry of the paper, read-only', async () => {
    renderButton();
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openDialog();
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBe(
      dialog.getByRole('heading', { name: 'Cite this paper' }).id,
    );
    const entry = (await dialog.findByRole('textbox', { name: 'BibTeX entry' })) as HTMLTextAreaElement;
    expect(entry.value).toBe(ENTRY);
    expect(entry.readOnly).toBe(true);
    expect(entry.dir).toBe('ltr');
    const download = dialog.getByRole('link', { name: 'Download .bib' });
    expect(download.getAttribute('href')).toBe('/api/papers/2401.00001/bibtex');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('copies the entry and says so in a toast', async () => {
    renderButton();
    const dialog = await openDialog();
    await dialog.findByRole('textbox', { name: 'BibTeX entry' });
    fireEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('BibTeX copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(ENTRY);
  });

  it('says so when the browser refuses the clipboard', async () => {
    writeText.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderButton();
    const dialog = await openDialog();
    await dialog.findByRole('textbox', { name: 'BibTeX entry' });
    fireEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/The BibTeX could not be copied/)).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Copying the BibTeX entry failed', expect.any(DOMException));
  });

  it('closes with Escape and with Close, and opens again', async () => {
    renderButton();
    await openDialog();
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Try again when the entry cannot be loaded, and no Copy', async () => {
    fakeApi.handlers['GET /api/papers/2401.00001/bibtex'] = () => apiError(503, 'unavailable', 'Down.');
    renderButton();
    const dialog = await openDialog();
    expect(await dialog.findByText('The citation could not be loaded.')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
    fakeApi.handlers['GET /api/papers/2401.00001/bibtex'] = () => new Response(ENTRY);
    fireEvent.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(((await dialog.findByRole('textbox')) as HTMLTextAreaElement).value).toBe(ENTRY);
  });

  it('speaks Arabic, the entry still left to right', async () => {
    await changeLocale('ar');
    renderButton();
    const dialog = await openDialog('استشهاد');
    expect(dialog.getByRole('heading', { name: 'الاستشهاد بهذه الورقة' })).toBeTruthy();
    const entry = await dialog.findByRole('textbox', { name: 'مدخل BibTeX' });
    expect(entry.getAttribute('dir')).toBe('ltr');
    fireEvent.click(dialog.getByRole('button', { name: 'نسخ' }));
    expect(await screen.findByText('تم نسخ مدخل BibTeX إلى الحافظة')).toBeTruthy();
  });
});
