/**
 * Wakes this process's workers when an item should be taken now (process-now, a scrape to process
 * now), instead of at their next look at the queue. Workers of other processes look within their
 * poll interval.
 */
export function createWakeup() {
  const listeners = new Set<() => void>();
  return {
    ring(): void {
      for (const listener of listeners) listener();
    },
    /** Answers the function that stops listening. */
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
