import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.js';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The system share sheet where there is one; otherwise the page link goes to the clipboard. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const { outcome, copy } = useCopyToClipboard();

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
    await copy(url);
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button onClick={() => void share()}>
        <Share2 className="size-4" />
        {t('paper.share')}
      </Button>
      {/* Always present, so screen readers announce the message when it appears. */}
      <p role="status" className={`text-sm font-medium ${outcome === 'failed' ? 'text-red-700' : 'text-emerald-800'}`}>
        {outcome && t(outcome === 'copied' ? 'paper.linkCopied' : 'paper.copyFailed')}
      </p>
    </div>
  );
}
