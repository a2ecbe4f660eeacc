import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, i18n, initI18n } from '../../lib/i18n.js';
import { blogListLoader } from './list-locale.js';

function run(locale: 'en' | 'ar', url: string): Promise<unknown> {
  const args = { request: new Request(`http://localhost${url}`), params: {}, context: {} } as LoaderFunctionArgs;
  return Promise.resolve(blogListLoader(locale)(args));
}

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  await changeLocale('en');
});

describe('blogListLoader', () => {
  it('lets each list open when the UI speaks its language', async () => {
    expect(await run('en', '/blogs')).toBeNull();
    await changeLocale('ar');
    expect(await run('ar', '/ar/blogs')).toBeNull();
  });

  it('switches the UI to Arabic on /ar/blogs, and remembers it', async () => {
    expect(await run('ar', '/ar/blogs')).toBeNull();
    expect(i18n.resolvedLanguage).toBe('ar');
    expect(localStorage.getItem('locale')).toBe('ar');
  });

  it('sends an Arabic reader of /blogs to /ar/blogs, keeping a known category only', async () => {
    await changeLocale('ar');
    const response = (await run('en', '/blogs?category=Guides&q=rag&page=2')) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/ar/blogs?category=Guides');
    const plain = (await run('en', '/blogs?category=Gossip')) as Response;
    expect(plain.headers.get('Location')).toBe('/ar/blogs');
  });
});
