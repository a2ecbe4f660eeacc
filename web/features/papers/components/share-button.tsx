import { Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** How long the copy confirmation stays (the toast duration of SPEC §9). */
const STATUS_MS = 3000;

type CopyStatus = { outcome: 'copied' | 'failed'; at: number } | null;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The system share sheet where there is one; otherwise the page link goes to the clipboard. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CopyStatus>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (isAbort(error)) return;
        // Sharing refused (permissions, unsupported data): copying still gives the reader the link.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ outcome: 'copied', at: Date.now() });
    } catch (error) {
      console.error('Copying the link failed', error);
      setStatus({ outcome: 'failed', at: Date.now() });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button onClick={() => void share()}>
        <Share2 className="size-4" />
        {t('paper.share')}
      </Button>
      {/* Always present, so screen readers announce the message when it appears. */}
      <p
        role="status"
        className={`text-sm font-medium ${status?.outcome === 'failed' ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {status && t(status.outcome === 'copied' ? 'paper.linkCopied' : 'paper.copyFailed')}
      </p>
    </div>
  );
}
