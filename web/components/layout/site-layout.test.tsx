import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../lib/i18n.js';
import { checkedFetch } from '../../test/api-contract.js';
import { renderRoute } from '../../test/render.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';

function HeaderAndFooter() {
  return (
    <>
      <SiteHeader />
      <SiteFooter />
    </>
  );
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  // The header asks who is signed in: nobody.
  vi.stubGlobal(
    'fetch',
    checkedFetch(async () => Response.json({ user: null })),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLocale('en');
});

describe('the site header and footer', () => {
  it('link to the documentation beside Blog and the digest, and in the footer', () => {
    renderRoute('/', HeaderAndFooter);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.slice(0, 3)).toEqual(['Blog', 'AI Research Digest', 'Docs']);
    expect(within(nav).getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('/documentation');
    const footer = screen.getByRole('navigation', { name: 'Footer links' });
    expect(within(footer).getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/documentation');
  });

  it('opens the documentation from the phone menu with the keyboard', async () => {
    const { router } = renderRoute('/', HeaderAndFooter);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const docs = within(nav).getByRole('link', { name: 'Docs' });
    docs.focus();
    expect(document.activeElement).toBe(docs);
    fireEvent.click(docs);
    await waitFor(() => expect(router.state.location.pathname).toBe('/documentation'));
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows Contribute as an outlined action, without the fill or colour that marks the current page', () => {
    renderRoute('/blogs', HeaderAndFooter);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const current = within(nav).getByRole('link', { name: 'Blog' });
    expect(current.getAttribute('aria-current')).toBe('page');
    const contribute = within(nav).getByRole('link', { name: 'Contribute' });
    expect(contribute.getAttribute('aria-current')).toBeNull();
    // Its look at rest, at every width: no background tint, and not the current page's text colour.
    const resting = contribute.className.split(/\s+/).filter((name) => !name.includes('hover:'));
    expect(resting.filter((name) => /(^|:)bg-/.test(name))).toEqual([]);
    expect(resting.filter((name) => !name.startsWith('xl:') && name.startsWith('text-indigo'))).toEqual([]);
    expect(resting).toContain('xl:border');
  });

  it('names the documentation link in Arabic on Arabic pages', async () => {
    renderRoute('/', HeaderAndFooter);
    await act(() => changeLocale('ar'));
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    // Links keep the language shown: they open the Arabic pages.
    expect(within(nav).getByRole('link', { name: 'التوثيق' }).getAttribute('href')).toBe('/ar/documentation');
    const footer = screen.getByRole('navigation', { name: 'روابط التذييل' });
    expect(within(footer).getByRole('link', { name: 'التوثيق' }).getAttribute('href')).toBe('/ar/documentation');
  });
});
