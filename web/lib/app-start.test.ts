import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyActions, onReaderPresence, pageWaitsForTheReader } from './app-start.js';
import { LOCALE_STORAGE_KEY, USER_STORAGE_KEY } from './storage-keys.js';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.lang = 'en';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/ai-digest');
});

afterEach(() => {
  document.getElementById('app-config')?.remove();
});

describe('pageWaitsForTheReader', () => {
  it('lets a visitor the browser remembers nothing about read the page without the app', () => {
    expect(pageWaitsForTheReader()).toBe(true);
  });

  it('starts the app at once for a signed-in reader, whose header and bookmarks the server did not render', () => {
    localStorage.setItem(USER_STORAGE_KEY, '{"id":1}');
    expect(pageWaitsForTheReader()).toBe(false);
  });

  it('starts the app at once in a tab that remembers its place in the digest', () => {
    sessionStorage.setItem('digestPage', '3');
    expect(pageWaitsForTheReader()).toBe(false);
  });

  it('starts the app at once on a page with a part still loading, such as a search’s results', () => {
    document.body.innerHTML = '<div role="status" data-loading=""><span>Searching…</span></div>';
    expect(pageWaitsForTheReader()).toBe(false);
  });

  it('starts the app at once for a link to a comment, which only the app loads', () => {
    window.history.replaceState(null, '', '/ai-digest/2401.00001#comment-5');
    expect(pageWaitsForTheReader()).toBe(false);
  });

  it('starts the app at once when the stored language is not the page’s and the address names none', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ar');
    expect(pageWaitsForTheReader()).toBe(false);
    window.history.replaceState(null, '', '/ar/ai-digest');
    document.documentElement.lang = 'ar';
    expect(pageWaitsForTheReader()).toBe(true);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    expect(pageWaitsForTheReader()).toBe(true);
  });

  it('starts the app at once on a site that counts page views', () => {
    const config = document.createElement('script');
    config.id = 'app-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify({ analyticsTagId: 'G-TEST' });
    document.head.append(config);
    expect(pageWaitsForTheReader()).toBe(false);
    config.textContent = JSON.stringify({ analyticsTagId: null });
    expect(pageWaitsForTheReader()).toBe(true);
  });
});

describe('onReaderPresence', () => {
  it('starts once, at the first pointer, key, scroll or focus, and not before', () => {
    const start = vi.fn();
    onReaderPresence(start);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('holdEarlyActions', () => {
  it('holds a click on a button until the app is live, then clicks it again', () => {
    document.body.innerHTML = '<button type="button">Bookmark</button><a href="#next">Next</a>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const link = document.querySelector('a') as HTMLAnchorElement;
    const replay = holdEarlyActions();
    const seen: string[] = [];
    document.addEventListener('click', (event) => seen.push((event.target as Element).tagName));

    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(document.documentElement.hasAttribute('data-app-starting')).toBe(true);
    // A link navigates without the app: its click goes through.
    const onLink = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(onLink);
    expect(onLink.defaultPrevented).toBe(false);
    expect(seen).toEqual(['A']);

    replay();
    expect(seen).toEqual(['A', 'BUTTON']);
    expect(document.documentElement.hasAttribute('data-app-starting')).toBe(false);
    // Once live, clicks are the app's.
    button.click();
    expect(seen).toEqual(['A', 'BUTTON', 'BUTTON']);
  });

  it('holds a form’s submission and submits it again, with its submitter', () => {
    document.body.innerHTML =
      '<form><input name="q" value="agents"><button name="go" value="search">Search</button></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    const replay = holdEarlyActions();
    const submitted: (string | null)[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push((event.submitter as HTMLButtonElement | null)?.value ?? null);
    });

    const submitter = form.querySelector('button');
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(submitted).toEqual([]);

    replay();
    expect(submitted).toEqual(['search']);
  });

  it('lets a search form go to the server, which answers it without the app', () => {
    document.body.innerHTML =
      '<form action="/ai-digest" method="get"><input name="q" value="agents"><button>Search</button></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    const button = document.querySelector('button') as HTMLButtonElement;
    holdEarlyActions();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    let reachedTheForm = false;
    form.addEventListener('submit', (event) => {
      reachedTheForm = true;
      // jsdom does not navigate: the submission ends here, once the holder has let it through.
      event.preventDefault();
    });
    button.dispatchEvent(click);
    form.dispatchEvent(submit);
    expect(click.defaultPrevented).toBe(false);
    expect(reachedTheForm).toBe(true);
    expect(document.documentElement.hasAttribute('data-app-starting')).toBe(false);
  });

  it('drops an action whose element the app has removed', () => {
    document.body.innerHTML = '<button type="button">Close</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const replay = holdEarlyActions();
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    button.remove();
    replay();
    expect(onClick).not.toHaveBeenCalled();
  });
});
