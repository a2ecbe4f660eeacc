import { FileSearch, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** The digest's empty list, and a search that found nothing. */
export function NoPapersFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <FileSearch className="mb-2 size-10 text-slate-500" />
      <p className="text-lg font-semibold text-slate-900">{t('digest.emptyTitle')}</p>
      <p className="text-slate-600">{t('digest.emptyHint')}</p>
    </div>
  );
}

interface PapersLoadErrorProps {
  message: string;
  onRetry: () => void;
  /** What the button says, when it does something else than try again. */
  retryLabel?: string;
}

/** Papers that could not be loaded, with the reason in the reader's words and a way to try again. */
export function PapersLoadError({ message, onRetry, retryLabel }: PapersLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center"
    >
      <TriangleAlert className="size-10 text-amber-600" />
      <p className="max-w-xl text-lg font-semibold text-slate-900">{message}</p>
      <Button onClick={onRetry}>{retryLabel ?? t('common.tryAgain')}</Button>
    </div>
  );
}
