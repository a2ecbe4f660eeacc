import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { pageWindow } from '../../../common/page-window.js';
import { useTranslation } from '../../lib/i18n.js';

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** First and Last buttons; lists of a few pages (the blog) leave them out. */
  showFirstLast?: boolean;
}

const PAGE_BUTTON =
  'inline-flex h-9 min-w-8 items-center justify-center gap-1 rounded-lg border px-1.5 text-sm sm:h-10 sm:min-w-10 sm:px-3 font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50';
const IDLE = 'border-slate-300 bg-white text-slate-800 hover:enabled:bg-slate-100';
const CURRENT = 'border-indigo-700 bg-indigo-700 text-white';

interface StepButtonProps {
  label: string;
  icon: LucideIcon;
  iconAfter?: boolean;
  disabled: boolean;
  onClick: () => void;
}

/** First, Previous, Next or Last: icon always, text from the tablet width up. */
function StepButton({ label, icon: Icon, iconAfter = false, disabled, onClick }: StepButtonProps) {
  const icon: ReactNode = <Icon className="size-4 rtl:-scale-x-100" />;
  return (
    <button type="button" className={`${PAGE_BUTTON} ${IDLE}`} disabled={disabled} onClick={onClick}>
      {!iconAfter && icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
      {iconAfter && icon}
    </button>
  );
}

/** Page controls of SPEC §2: shown only when there is more than one page. */
export function Pagination({ currentPage, totalPages, onPageChange, showFirstLast = true }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= totalPages;
  const goTo = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange(page);
  };

  return (
    <nav aria-label={t('pagination.label')} className="flex flex-col items-center gap-3">
      <div className="flex flex-wrap items-center justify-center gap-1 sm:gap-2">
        {showFirstLast && (
          <StepButton label={t('pagination.first')} icon={ChevronsLeft} disabled={isFirst} onClick={() => goTo(1)} />
        )}
        <StepButton
          label={t('pagination.previous')}
          icon={ChevronLeft}
          disabled={isFirst}
          onClick={() => goTo(currentPage - 1)}
        />
        {pageWindow(currentPage, totalPages).map((page) => (
          <button
            key={page}
            type="button"
            className={`${PAGE_BUTTON} ${page === currentPage ? CURRENT : IDLE}`}
            aria-current={page === currentPage ? 'page' : undefined}
            onClick={() => goTo(page)}
          >
            {page}
          </button>
        ))}
        <StepButton
          label={t('pagination.next')}
          icon={ChevronRight}
          iconAfter
          disabled={isLast}
          onClick={() => goTo(currentPage + 1)}
        />
        {showFirstLast && (
          <StepButton
            label={t('pagination.last')}
            icon={ChevronsRight}
            iconAfter
            disabled={isLast}
            onClick={() => goTo(totalPages)}
          />
        )}
      </div>
      <p className="text-sm text-slate-600">{t('pagination.pageOf', { current: currentPage, total: totalPages })}</p>
    </nav>
  );
}
