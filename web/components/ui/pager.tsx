import { useTranslation } from '../../lib/i18n.js';
import { Button } from './button.js';

interface PagerProps {
  page: number;
  totalPages: number;
  /** The navigation's accessible name. */
  label: string;
  /** The line beside the buttons ('Page X of Y' by default). */
  summary?: string;
  /** Shown with a single page too (the lists of admin papers); otherwise only with more than one. */
  always?: boolean;
  onPageChange: (page: number) => void;
}

/** Previous and Next, disabled at the ends, with 'Page X of Y': the pager of the admin lists. */
export function Pager({ page, totalPages, label, summary, always = false, onPageChange }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1 && !always) return null;
  const last = Math.max(totalPages, 1);
  return (
    <nav aria-label={label} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600">{summary ?? t('pagination.pageOf', { current: page, total: last })}</p>
      <div className="flex gap-2">
        <Button disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          {t('pagination.previous')}
        </Button>
        <Button disabled={page >= last} onClick={() => onPageChange(page + 1)}>
          {t('pagination.next')}
        </Button>
      </div>
    </nav>
  );
}
