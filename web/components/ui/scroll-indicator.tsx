import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.js';

/** Ticks on the reading rail and scroll indicator (SPEC §9). */
export const SCROLL_TICKS = 12;

/** Room left above a tracked element when jumping to its start, for the sticky header. */
const TARGET_TOP_MARGIN = 96;

/** The scroll positions a rail covers: `start` is its first tick, `start + span` its last. */
interface ScrollRange {
  start: number;
  span: number;
}

function scrollableHeight(): number {
  return Math.max(document.documentElement.scrollHeight - window.innerHeight, 0);
}

/** The whole page, or the stretch over which the target element scrolls past the viewport. */
function scrollRange(target: HTMLElement | null | undefined): ScrollRange {
  const max = scrollableHeight();
  if (!target) return { start: 0, span: max };
  const rect = target.getBoundingClientRect();
  const start = Math.min(Math.max(rect.top + window.scrollY - TARGET_TOP_MARGIN, 0), max);
  const end = Math.min(rect.bottom + window.scrollY - window.innerHeight, max);
  return { start, span: Math.max(end - start, 0) };
}

/** The tick nearest to the current scroll position, 0 at the top and SCROLL_TICKS - 1 at the bottom. */
function currentTick({ start, span }: ScrollRange): number {
  if (span === 0) return 0;
  const progress = Math.min(Math.max((window.scrollY - start) / span, 0), 1);
  return Math.round(progress * (SCROLL_TICKS - 1));
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

interface ScrollIndicatorProps {
  /** Follow this element (an article) rather than the whole page. */
  target?: RefObject<HTMLElement | null>;
  /** The rail's accessible name; 'Page position' by default. */
  label?: string;
  /** A tick's accessible name; 'Jump to {percent}% of the page' by default. */
  tickLabel?: (percent: number) => string;
  /** Also mark the ticks already passed, as a reading-progress rail does. */
  showProgress?: boolean;
}

/** A rail of ticks at the logical end edge that shows the page position and jumps to a tick. */
export function ScrollIndicator({ target, label, tickLabel, showProgress = false }: ScrollIndicatorProps = {}) {
  const { t } = useTranslation();
  const [activeTick, setActiveTick] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActiveTick(currentTick(scrollRange(target?.current))));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // Content that loads after mount (images, lazy sections) changes the scrollable height.
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer.disconnect();
    };
  }, [target]);

  const jumpTo = (tick: number) => {
    const { start, span } = scrollRange(target?.current);
    const top = start + (tick / (SCROLL_TICKS - 1)) * span;
    window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <nav
      aria-label={label ?? t('scrollIndicator.label')}
      className="fixed end-2 top-1/2 z-20 hidden -translate-y-1/2 flex-col items-end gap-0.5 md:flex lg:end-4"
    >
      {Array.from({ length: SCROLL_TICKS }, (_, tick) => {
        const percent = Math.round((tick / (SCROLL_TICKS - 1)) * 100);
        const isActive = tick === activeTick;
        const isPassed = showProgress && tick < activeTick;
        return (
          <button
            key={percent}
            type="button"
            aria-label={tickLabel ? tickLabel(percent) : t('scrollIndicator.jumpTo', { percent })}
            aria-current={isActive ? 'location' : undefined}
            onClick={() => jumpTo(tick)}
            className="group flex h-6 w-8 items-center justify-end rounded"
          >
            <span
              className={`block h-0.5 rounded-full transition-all ${
                isActive
                  ? 'w-6 bg-indigo-700'
                  : isPassed
                    ? 'w-4 bg-indigo-500 group-hover:w-5'
                    : 'w-3 bg-slate-400 group-hover:w-5 group-hover:bg-slate-600'
              }`}
            />
          </button>
        );
      })}
    </nav>
  );
}
