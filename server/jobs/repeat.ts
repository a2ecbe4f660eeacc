export interface Repetition {
  /** Ends the repetition, after the run under way if any. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at once, then `intervalMs` after each run ended, so that runs never overlap however long
 * one takes. `run` handles its own failures: a rejection ends the repetition.
 */
export function repeatEvery(run: () => Promise<void>, intervalMs: number): Repetition {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const next = () => {
    current = run().then(() => {
      if (!stopped) timer = setTimeout(next, intervalMs);
    });
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
