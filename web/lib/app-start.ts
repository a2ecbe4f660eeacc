/**
 * When the app's code runs on a page the server rendered, and what happens to a reader's click that
 * comes before it has. Kept free of the app's own modules: the page's first script (web/boot.ts)
 * imports it, and that script must stay tiny.
 */
import { localeOfPath } from '../../common/locale-path.js';
import { LOCALE_STORAGE_KEY, USER_STORAGE_KEY } from './storage-keys.js';

/** Sent on the window once the app has taken the page over (its first render committed). */
export const APP_LIVE_EVENT = 'app-live';

/** The signs that a reader is on the page and about to use it (or is scrolling towards more of it). */
const PRESENCE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin', 'click'];

function readStorage(read: () => Storage): Storage | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Whether the server's page can stay as it is until the reader acts: it is what the app would render
 * at once only for a visitor the browser remembers nothing about. Otherwise the app starts at once,
 * because its first render differs or the page waits for it: a part still loading (a search's
 * results), a signed-in reader (their header and bookmarks), a tab that remembers its place in the
 * digest, a stored language the page is not in, a link to a comment (the comments load in the
 * browser), or a site that counts page views.
 */
export function pageWaitsForTheReader(win: Window = window): boolean {
  const { document: doc, location } = win;
  // A part the server left to the browser (a search's results) shows a spinner (`data-loading`).
  if (location.hash || doc.querySelector('[data-loading]')) return false;
  const local = readStorage(() => win.localStorage);
  const session = readStorage(() => win.sessionStorage);
  try {
    if (local?.getItem(USER_STORAGE_KEY)) return false;
    if (session && session.length > 0) return false;
    const storedLocale = local?.getItem(LOCALE_STORAGE_KEY);
    if (storedLocale && !localeOfPath(location.pathname) && storedLocale !== doc.documentElement.lang) return false;
  } catch {
    // Unreadable storage remembers nothing.
  }
  const config = doc.getElementById('app-config')?.textContent;
  try {
    if (config && (JSON.parse(config) as { analyticsTagId?: unknown }).analyticsTagId) return false;
  } catch {
    // The app reports a bad configuration itself.
  }
  return true;
}

/** Runs `start` once, at the first sign that a reader is using the page. */
export function onReaderPresence(start: () => void, win: Window = window): void {
  const options = { capture: true, passive: true } as const;
  const once = () => {
    for (const type of PRESENCE_EVENTS) win.removeEventListener(type, once, options);
    start();
  };
  for (const type of PRESENCE_EVENTS) win.addEventListener(type, once, options);
}

/** A search form, which asks the server for a page of results (GET, to its own address). */
function answeredByTheServer(form: HTMLFormElement): boolean {
  return form.method === 'get' && form.hasAttribute('action');
}

/** Links navigate to pages the server renders, and a search form's button submits it there. */
function worksWithoutTheApp(element: HTMLElement): boolean {
  if (element.closest('a[href]')) return true;
  const submitter = element.closest('button, input');
  return (
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.type === 'submit' &&
    submitter.form !== null &&
    answeredByTheServer(submitter.form)
  );
}

/** Set on the page while a held action waits for the app: the pointer shows that it is coming. */
const STARTING_ATTRIBUTE = 'data-app-starting';

/**
 * Holds the clicks and the form submissions made before the app has taken the page over (they would
 * do nothing), but for links and search forms, which the server answers; and makes them again, in
 * order, once it has: a reader's first tap works, only later. The page's elements are the app's once
 * it has hydrated, so the same ones are clicked. Returns the function that replays them and stops
 * holding.
 */
export function holdEarlyActions(doc: Document = document): () => void {
  const held: (() => void)[] = [];
  const hold = (event: Event, replay: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    doc.documentElement.setAttribute(STARTING_ATTRIBUTE, '');
    held.push(replay);
  };
  const onClick = (event: Event) => {
    const control = event.target;
    if (!(control instanceof HTMLElement) || worksWithoutTheApp(control)) return;
    hold(event, () => {
      if (control.isConnected) control.click();
    });
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || answeredByTheServer(form)) return;
    const { submitter } = event as SubmitEvent;
    hold(event, () => {
      if (!form.isConnected) return;
      if (submitter?.isConnected) form.requestSubmit(submitter);
      else form.requestSubmit();
    });
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('submit', onSubmit, true);
    doc.documentElement.removeAttribute(STARTING_ATTRIBUTE);
    for (const replay of held.splice(0)) replay();
  };
}
