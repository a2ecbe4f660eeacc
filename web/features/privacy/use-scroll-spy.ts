import { useCallback, useEffect, useState } from 'react';

export interface SectionBox {
  id: string;
  /** Distance from the top of the viewport to the section's top and bottom edges, in px. */
  top: number;
  bottom: number;
}

export interface ViewState {
  /** Where reading happens: a section whose top has passed this line is the one being read. */
  lineY: number;
  /** Whether the page is scrolled down as far as it goes (and is not at its top). */
  atBottom: boolean;
}

/** Where the reading line sits, as a fraction of the viewport height from its top. */
export const READING_LINE = 0.3;

/**
 * The section being read: the last one whose top has passed the reading line, or the first one
 * before any has. At the bottom of the page the last section is the current one, since a short last
 * section can never reach the line.
 */
export function activeSectionId(sections: readonly SectionBox[], view: ViewState): string | null {
  const first = sections[0];
  const last = sections.at(-1);
  if (!first || !last) return null;
  if (view.atBottom) return last.id;
  let current = first.id;
  for (const section of sections) if (section.top <= view.lineY) current = section.id;
  return current;
}

function measure(elements: readonly HTMLElement[]): SectionBox[] {
  return elements.map((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return { id: element.id, top, bottom };
  });
}

function isAtBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return window.scrollY > 0 && window.scrollY + window.innerHeight >= scrollHeight - 2;
}

/** Ways a reader scrolls by hand; a scroll the page makes itself (after a click) sends none of these. */
const MANUAL_SCROLL_EVENTS = ['wheel', 'touchmove', 'pointerdown', 'keydown'] as const;

export interface ScrollSpy {
  activeId: string | null;
  /** Marks a section as current at once (a contents link was used) until the reader scrolls by hand. */
  choose(id: string): void;
}

/** The section the address points to (a deep link), which counts as chosen. */
function linkedSection(ids: readonly string[]): string | null {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  return ids.includes(hash) ? hash : null;
}

/**
 * Scroll-spy over the elements with the given ids. IntersectionObserver tells when a section edge
 * crosses the reading line (and the end of a scroll, when the page may have reached its bottom); the
 * current section is then worked out from the sections' positions.
 */
export function useScrollSpy(ids: readonly string[]): ScrollSpy {
  const [observedId, setObservedId] = useState<string | null>(ids[0] ?? null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const idList = ids.join(' ');

  useEffect(() => {
    const elements = idList
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return;

    const update = () => {
      setObservedId(
        activeSectionId(measure(elements), { lineY: window.innerHeight * READING_LINE, atBottom: isAtBottom() }),
      );
    };
    const linePercent = READING_LINE * 100;
    // A band one percent high at the reading line: it reports every section edge that crosses it.
    const lineObserver = new IntersectionObserver(update, {
      rootMargin: `-${linePercent}% 0px -${100 - linePercent - 1}% 0px`,
    });
    for (const element of elements) lineObserver.observe(element);
    // Reaching the bottom crosses no line: check again when a scroll ends.
    window.addEventListener('scrollend', update);
    return () => {
      lineObserver.disconnect();
      window.removeEventListener('scrollend', update);
    };
  }, [idList]);

  // A deep link, and then a fragment navigation (a link or the address bar), picks its section. The
  // first is read after mounting: the server renders without the fragment, which it never receives.
  useEffect(() => {
    const initial = linkedSection(idList.split(' '));
    if (initial) setChosenId(initial);
    const onHashChange = () => {
      const linked = linkedSection(idList.split(' '));
      if (linked) setChosenId(linked);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [idList]);

  useEffect(() => {
    if (chosenId === null) return;
    const release = (event: Event) => {
      if (
        event instanceof KeyboardEvent &&
        !['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(event.key)
      ) {
        return;
      }
      setChosenId(null);
    };
    for (const type of MANUAL_SCROLL_EVENTS) window.addEventListener(type, release, { passive: true });
    return () => {
      for (const type of MANUAL_SCROLL_EVENTS) window.removeEventListener(type, release);
    };
  }, [chosenId]);

  const choose = useCallback((id: string) => setChosenId(id), []);
  return { activeId: chosenId ?? observedId, choose };
}
