import { type RefCallback, useCallback, useState } from 'react';

/** How far below the screen an element counts as reached: the reader is scrolling towards it. */
const AHEAD = '600px 0px';

/** Whether an element has come near the screen once; where IntersectionObserver is missing, at once. */
export function useNearViewport<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback<RefCallback<T>>(
    (element) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setNear(true);
          observer.disconnect();
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near],
  );
  return [ref, near];
}
