import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n, initI18n } from './i18n.js';

const localeCookie = () => /(?:^|; )locale=([^;]*)/.exec(document.cookie)?.[1] ?? null;

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
  document.cookie = 'locale=; Path=/; Max-Age=0';
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
    document.cookie = 'locale=ar; Path=/';
    await initI18n();
    expect(i18n.language).toBe('ar');
    expect(localStorage.getItem('locale')).toBe('ar');
  });

  it('follows local storage over an older cookie, which it then corrects', async () => {
    localStorage.setItem('locale', 'en');
    document.cookie = 'locale=ar; Path=/';
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(localeCookie()).toBe('en');
  });

  it('ignores a cookie that names no language of the site', async () => {
    document.cookie = 'locale=fr; Path=/';
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('locale')).toBeNull();
  });
});
