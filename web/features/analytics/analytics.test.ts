import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, createPageViewTracker, type PageViewLocation } from './analytics.js';

const at = (pathname: string, rest = ''): PageViewLocation => ({
  pathname,
  href: `https://site.test${pathname}${rest}`,
  title: `Title of ${pathname}`,
});

/** The queue as plain arrays: gtag pushes Arguments objects. */
function commands(win: Window): unknown[][] {
  const layer = (win as Window & { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
  return layer.map((entry) => Array.from(entry));
}

function freshWindow(): Window {
  const doc = document.implementation.createHTMLDocument('test');
  const listeners = new Map<string, () => void>();
  const fake = {
    document: doc,
    setTimeout: (work: () => void) => {
      work();
      return 0;
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    fire: (type: string) => listeners.get(type)?.(),
  };
  Object.defineProperty(doc, 'readyState', { value: 'loading', configurable: true });
  return fake as unknown as Window;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('page-view tracker', () => {
  it('sends one event per change of path, including the first page', () => {
    const send = vi.fn();
    const tracker = createPageViewTracker(send);
    expect(tracker.pageView(at('/'))).toBe(true);
    expect(tracker.pageView(at('/'))).toBe(false);
    expect(tracker.pageView(at('/documentation'))).toBe(true);
    expect(tracker.pageView(at('/documentation', '?page=installation'))).toBe(false);
    expect(tracker.pageView(at('/documentation', '#requirements'))).toBe(false);
    expect(tracker.pageView(at('/privacy-policy'))).toBe(true);
    expect(tracker.pageView(at('/'))).toBe(true);
    expect(send.mock.calls.map(([location]) => location.pathname)).toEqual([
      '/',
      '/documentation',
      '/privacy-policy',
      '/',
    ]);
  });
});

describe('createAnalytics', () => {
  it('does nothing at all without a tag id', () => {
    const win = freshWindow();
    expect(createAnalytics(null, win)).toBeNull();
    expect(createAnalytics('', win)).toBeNull();
    (win as unknown as { fire: (type: string) => void }).fire('load');
    expect('dataLayer' in win).toBe(false);
    expect('gtag' in win).toBe(false);
    expect(win.document.querySelectorAll('script')).toHaveLength(0);
  });

  it('configures the tag with the IP anonymised and no automatic page view', () => {
    const win = freshWindow();
    createAnalytics('G-TEST123', win);
    const [js, config] = commands(win);
    expect(js?.[0]).toBe('js');
    expect(config).toEqual(['config', 'G-TEST123', { anonymize_ip: true, send_page_view: false }]);
  });

  it('adds the tag script only after the page has loaded', () => {
    const win = freshWindow();
    createAnalytics('G-TEST123', win);
    expect(win.document.querySelectorAll('script')).toHaveLength(0);
    (win as unknown as { fire: (type: string) => void }).fire('load');
    const scripts = win.document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(scripts[0]?.async).toBe(true);
  });

  it('queues one page_view per path with path, address and title', () => {
    const win = freshWindow();
    const analytics = createAnalytics('G-TEST123', win);
    analytics?.pageView(at('/'));
    analytics?.pageView(at('/', '#mission'));
    analytics?.pageView(at('/documentation', '?page=installation'));
    const pageViews = commands(win).filter(([command]) => command === 'event');
    expect(pageViews).toEqual([
      ['event', 'page_view', { page_path: '/', page_location: 'https://site.test/', page_title: 'Title of /' }],
      [
        'event',
        'page_view',
        {
          page_path: '/documentation',
          page_location: 'https://site.test/documentation?page=installation',
          page_title: 'Title of /documentation',
        },
      ],
    ]);
  });

  it('never sends a token: verification and reset links keep their path and other parameters only', () => {
    const win = freshWindow();
    const analytics = createAnalytics('G-TEST123', win);
    analytics?.pageView(at('/reset-password', '?token=live-reset-secret'));
    analytics?.pageView(at('/verify-email', '?lang=ar&Token=live-verify-secret#done'));
    analytics?.pageView(at('/authenticate', '#access_token=live-hash-secret&state=x'));
    analytics?.pageView(at('/privacy-policy', '#user-rights'));
    const locations = commands(win)
      .filter(([command]) => command === 'event')
      .map(([, , params]) => (params as { page_location: string }).page_location);
    expect(locations).toEqual([
      'https://site.test/reset-password',
      'https://site.test/verify-email?lang=ar#done',
      'https://site.test/authenticate#state=x',
      'https://site.test/privacy-policy#user-rights',
    ]);
    // The tag's own events (form starts, scrolls) take the address set last, not the address bar.
    expect(commands(win).filter(([command]) => command === 'set')[0]).toEqual([
      'set',
      { page_location: 'https://site.test/reset-password' },
    ]);
    expect(JSON.stringify(commands(win))).not.toContain('live-');
  });
});
