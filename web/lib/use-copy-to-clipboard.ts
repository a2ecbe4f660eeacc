import { useCallback, useEffect, useState } from 'react';

/** How long the outcome of a copy stays said (the toast duration of SPEC §9). */
const STATUS_MS = 3000;

export type CopyOutcome = 'copied' | 'failed';

/**
 * Copies a text (a link) to the clipboard; `outcome` says for a few seconds whether it worked, for a
 * status line that screen readers announce.
 */
export function useCopyToClipboard() {
  // `at` tells one copy from the next, so that a second copy's message stays its full time.
  const [status, setStatus] = useState<{ outcome: CopyOutcome; at: number } | null>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus({ outcome: 'copied', at: Date.now() });
    } catch (error) {
      console.error('Copying the link failed', error);
      setStatus({ outcome: 'failed', at: Date.now() });
    }
  }, []);

  return { outcome: status?.outcome ?? null, copy };
}
