import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeSectionId, type SectionBox, useScrollSpy } from './use-scroll-spy.js';

const view = { lineY: 300, atBottom: false };
const box = (id: string, top: number, height = 400): SectionBox => ({ id, top, bottom: top + height });

describe('activeSectionId', () => {
  it('is the last section whose top has passed the reading line', () => {
    const sections = [box('a', -900), box('b', -100), box('c', 350, 900)];
    expect(activeSectionId(sections, view)).toBe('b');
    expect(activeSectionId([box('a', -900), box('b', 250), box('c', 700, 900)], view)).toBe('b');
  });

  it('is the first section before any has reached the line', () => {
    expect(activeSectionId([box('a', 500), box('b', 900)], view)).toBe('a');
  });

  it('is the last section at the bottom of the page, where a short last section cannot reach the line', () => {
    const sections = [box('a', -900), box('b', -100), box('c', 400, 200)];
    expect(activeSectionId(sections, view)).toBe('b');
    expect(activeSectionId(sections, { ...view, atBottom: true })).toBe('c');
  });

  it('is null without sections', () => {
    expect(activeSectionId([], view)).toBeNull();
  });
});

/** A stand-in IntersectionObserver whose callbacks the test fires. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords() {
    return [];
  }
}

const IDS = ['one', 'two', 'three'] as const;
let tops: Record<string, number>;

function Spy() {
  const { activeId, choose } = useScrollSpy(IDS);
  return (
    <div>
      <p data-testid="active">{activeId}</p>
      <button type="button" onClick={() => choose('three')}>
        choose three
      </button>
      {IDS.map((id) => (
        <section key={id} id={id} />
      ))}
    </div>
  );
}

function layout(next: Record<string, number>) {
  tops = next;
  for (const id of IDS) {
    const element = document.getElementById(id);
    if (element)
      element.getBoundingClientRect = () => ({ top: tops[id] ?? 0, bottom: (tops[id] ?? 0) + 600 }) as DOMRect;
  }
}

function fireObservers() {
  act(() => {
    for (const observer of FakeObserver.instances) observer.callback([], observer as unknown as IntersectionObserver);
  });
}

describe('useScrollSpy', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('watches every section at the reading line', () => {
    render(<Spy />);
    const [line] = FakeObserver.instances;
    expect(line?.targets.map((target) => target.id)).toEqual(['one', 'two', 'three']);
    expect(line?.options?.rootMargin).toBe('-30% 0px -69% 0px');
  });

  it('counts the section of a deep link as chosen', () => {
    window.history.replaceState(null, '', '#two');
    render(<Spy />);
    layout({ one: 0, two: 600, three: 1200 });
    fireObservers();
    expect(screen.getByTestId('active').textContent).toBe('two');
    window.history.replaceState(null, '', '#');
  });

  it('marks the section being read when the observers report a change', () => {
    render(<Spy />);
    expect(screen.getByTestId('active').textContent).toBe('one');
    window.scrollY = 900;
    layout({ one: -900, two: 100, three: 700 });
    fireObservers();
    expect(screen.getByTestId('active').textContent).toBe('two');
    // At the bottom of the page (found when the scroll ends), the short last section.
    window.scrollY = 1400;
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 2400, configurable: true });
    layout({ one: -1400, two: -400, three: 500 });
    act(() => {
      window.dispatchEvent(new Event('scrollend'));
    });
    expect(screen.getByTestId('active').textContent).toBe('three');
  });

  it('keeps a chosen section until the reader scrolls by hand', () => {
    render(<Spy />);
    layout({ one: 0, two: 600, three: 1200 });
    fireEvent.click(screen.getByRole('button', { name: 'choose three' }));
    expect(screen.getByTestId('active').textContent).toBe('three');
    // The scroll the page makes itself does not undo the choice.
    window.scrollY = 300;
    layout({ one: -300, two: 300 - 100, three: 900 });
    fireObservers();
    expect(screen.getByTestId('active').textContent).toBe('three');
    act(() => {
      window.dispatchEvent(new Event('wheel'));
    });
    expect(screen.getByTestId('active').textContent).toBe('two');
  });
});
