import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Ticks on the reading rail and scroll indicator (SPEC §9). */
export const SCROLL_TICKS = 12;

function scrollableHeight(): number {
  return Math.max(document.documentElement.scrollHeight - window.innerHeight, 0);
}

/** The tick nearest to the current scroll position, 0 at the top and SCROLL_TICKS - 1 at the bottom. */
function currentTick(): number {
  const height = scrollableHeight();
  if (height === 0) return 0;
  return Math.round((window.scrollY / height) * (SCROLL_TICKS - 1));
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A rail of ticks at the logical end edge that shows the page position and jumps to a tick. */
export function ScrollIndicator() {
  const { t } = useTranslation();
  const [activeTick, setActiveTick] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActiveTick(currentTick()));
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
  }, []);

  const jumpTo = (tick: number) => {
    const top = (tick / (SCROLL_TICKS - 1)) * scrollableHeight();
    window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <nav
      aria-label={t('scrollIndicator.label')}
      className="fixed end-2 top-1/2 z-20 hidden -translate-y-1/2 flex-col items-end gap-0.5 md:flex lg:end-4"
    >
      {Array.from({ length: SCROLL_TICKS }, (_, tick) => {
        const percent = Math.round((tick / (SCROLL_TICKS - 1)) * 100);
        const isActive = tick === activeTick;
        return (
          <button
            key={percent}
            type="button"
            aria-label={t('scrollIndicator.jumpTo', { percent })}
            aria-current={isActive ? 'location' : undefined}
            onClick={() => jumpTo(tick)}
            className="group flex h-5 w-8 items-center justify-end rounded"
          >
            <span
              className={`block h-0.5 rounded-full transition-all ${
                isActive ? 'w-6 bg-indigo-700' : 'w-3 bg-slate-400 group-hover:w-5 group-hover:bg-slate-600'
              }`}
            />
          </button>
        );
      })}
    </nav>
  );
}
