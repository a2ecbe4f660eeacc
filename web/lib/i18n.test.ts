import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n, initI18n } from './i18n.js';

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
