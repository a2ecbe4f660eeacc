const SETTLE_MS = 1000;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Keeps a linked section in view while a freshly opened page settles: the router may restore a
 * remembered scroll position just after the first render. The first thing the reader does ends it.
 */
export function keepInView(target: HTMLElement): () => void {
  const stop = () => {
    window.clearTimeout(timer);
    window.removeEventListener('scroll', onScroll);
    for (const type of READER_INPUT) window.removeEventListener(type, stop, true);
  };
  const onScroll = () => {
    const top = target.getBoundingClientRect().top;
    if (top < -1 || top > window.innerHeight / 3) target.scrollIntoView({ block: 'start' });
  };
  const timer = window.setTimeout(stop, SETTLE_MS);
  window.addEventListener('scroll', onScroll, { passive: true });
  for (const type of READER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}
