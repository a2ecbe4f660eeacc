import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from '../../lib/i18n.js';
import { LanguageSwitcher } from './language-switcher.js';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

/** The switcher in a page at `path` (it moves a public page to its address in the language chosen). */
function renderSwitcher(path = '/account') {
  const router = createMemoryRouter([{ path: '*', Component: LanguageSwitcher }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Lets the menu's code arrive and take the placeholder button's place. */
const menuLoads = () => act(() => import('./language-menu.js').then(() => new Promise((done) => setTimeout(done, 0))));

describe('LanguageSwitcher', () => {
  it('opens when pressed while its code is still on the way (a fast click is not lost)', async () => {
    renderSwitcher();
    const placeholder = screen.getByRole('button', { name: /Change language/ });
    // A mouse press: pointing starts loading the menu; the press lands before the menu has come.
    fireEvent.pointerEnter(placeholder);
    fireEvent.pointerDown(placeholder, { button: 0, pointerType: 'mouse' });
    await menuLoads();
    expect(screen.getByRole('menuitemradio', { name: 'العربية' })).toBeTruthy();
  });

  it.each(['en', 'ar'] as const)(
    'names each language in its own name, marked with its language, on %s pages',
    async (locale) => {
      await act(() => changeLocale(locale));
      try {
        renderSwitcher();
        fireEvent.focus(screen.getByRole('button', { name: /Change language|تغيير اللغة/ }));
        await menuLoads();
        fireEvent.keyDown(screen.getByRole('button', { name: /Change language|تغيير اللغة/ }), { key: 'Enter' });
        expect(screen.getAllByRole('menuitemradio')).toEqual([
          screen.getByRole('menuitemradio', { name: 'English' }),
          screen.getByRole('menuitemradio', { name: 'العربية' }),
        ]);
        expect(screen.getByText('English').getAttribute('lang')).toBe('en');
        expect(screen.getByText('العربية').getAttribute('lang')).toBe('ar');
      } finally {
        await act(() => changeLocale('en'));
      }
    },
  );

  it('stays closed when only pointed at, and opens from the keyboard', async () => {
    renderSwitcher();
    const placeholder = screen.getByRole('button', { name: /Change language/ });
    fireEvent.focus(placeholder);
    await menuLoads();
    expect(screen.queryByRole('menuitemradio')).toBeNull();
    const trigger = screen.getByRole('button', { name: /Change language/ });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(screen.getByRole('menuitemradio', { name: 'العربية' })).toBeTruthy();
  });

  it.each([
    ['/ai-digest/2601.00002?x=1#comments', 'العربية', '/ar/ai-digest/2601.00002', 'ar'],
    ['/ar', 'English', '/', 'en'],
    ['/account', 'العربية', '/account', 'ar'],
  ] as const)('moves %s to its address in the language chosen (%s)', async (path, choice, moved, locale) => {
    await act(() => changeLocale(locale === 'ar' ? 'en' : 'ar'));
    try {
      const router = renderSwitcher(path);
      fireEvent.focus(screen.getByRole('button', { name: /Change language|تغيير اللغة/ }));
      await menuLoads();
      fireEvent.keyDown(screen.getByRole('button', { name: /Change language|تغيير اللغة/ }), { key: 'Enter' });
      await act(async () => {
        fireEvent.click(screen.getByRole('menuitemradio', { name: choice }));
      });
      await waitFor(() => expect(router.state.location.pathname).toBe(moved));
      expect(document.documentElement.lang).toBe(locale);
      const [, rest] = path.split('?');
      if (rest) expect(`${router.state.location.search}${router.state.location.hash}`).toBe(`?${rest}`);
    } finally {
      await act(() => changeLocale('en'));
    }
  });
});
