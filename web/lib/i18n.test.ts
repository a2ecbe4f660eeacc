import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n, initI18n, loadNamespaces, useTranslation } from './i18n.js';

const localeCookie = () => /(?:^|; )locale=([^;]*)/.exec(document.cookie)?.[1] ?? null;

/** Sets the locale cookie as an earlier visit would have; an empty value removes it. */
function setLocaleCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = value ? `locale=${value}; Path=/` : 'locale=; Path=/; Max-Age=0';
}

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  setLocaleCookie('');
});

describe('the chosen language', () => {
  it('is kept in localStorage and in a cookie the server reads', async () => {
    await initI18n();
    await changeLocale('ar');
    expect(localStorage.getItem('locale')).toBe('ar');
    expect(localeCookie()).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('is taken from the cookie when local storage lost it, so the page and the server agree', async () => {
    setLocaleCookie('ar');
    await initI18n();
    expect(i18n.language).toBe('ar');
    expect(localStorage.getItem('locale')).toBe('ar');
  });

  it('follows local storage over an older cookie, which it then corrects', async () => {
    localStorage.setItem('locale', 'en');
    setLocaleCookie('ar');
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(localeCookie()).toBe('en');
  });

  it('ignores a cookie that names no language of the site', async () => {
    setLocaleCookie('fr');
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('locale')).toBeNull();
  });
});

describe('texts loaded on demand', () => {
  it("bring Arabic and a page's namespace only when they are needed", async () => {
    vi.resetModules();
    const fresh = await import('./i18n.js');
    await fresh.initI18n();
    expect(fresh.i18n.has('ar', 'translation')).toBe(false);
    await fresh.loadNamespaces(['bookmarks']);
    expect(fresh.i18n.has('en', 'bookmarks')).toBe(true);
    expect(fresh.i18n.has('ar', 'bookmarks')).toBe(false);
    await fresh.changeLocale('ar');
    expect(fresh.i18n.has('ar', 'translation')).toBe(true);
    expect(fresh.i18n.has('ar', 'bookmarks')).toBe(true);
  });
});

describe('useTranslation', () => {
  it('renders again in the language chosen, English staying the fallback', async () => {
    await initI18n();
    await loadNamespaces(['bookmarks']);
    const { result } = renderHook(() => useTranslation(['bookmarks', 'translation']));
    expect(result.current.t('title')).toBe('My Bookmarks');
    await act(() => changeLocale('ar'));
    expect(result.current.t('title')).toBe('إشاراتي المرجعية');
    expect(result.current.t('translation:notFound.title')).toBe('الصفحة غير موجودة');
    expect(result.current.i18n.dir()).toBe('rtl');
  });

  it('accepts only keys the namespaces have (checked by the type checker) and shows a missing one', async () => {
    await initI18n();
    const { result } = renderHook(() => useTranslation('bookmarks'));
    // @ts-expect-error no namespace has this key
    expect(result.current.t('no.such.key')).toBe('no.such.key');
  });
});
