import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** A list or post that could not be loaded (the failure is logged by the caller), with a retry. */
export function BlogLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-10 text-amber-600" />
      <p className="text-lg font-semibold text-slate-900">{message}</p>
      <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
    </div>
  );
}
