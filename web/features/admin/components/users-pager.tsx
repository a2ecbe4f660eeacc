import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';

interface UsersPagerProps {
  page: number;
  totalPages: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** Previous and Next with 'Page X of Y (N total users)'; shown only with more than one page. */
export function UsersPager({ page, totalPages, total, onPageChange }: UsersPagerProps) {
  const { t } = useTranslation('admin');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('users.pagination')} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600">{t('users.pageInfo', { page, totalPages, total })}</p>
      <div className="flex gap-2">
        <Button disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          {t('users.previous')}
        </Button>
        <Button disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          {t('users.next')}
        </Button>
      </div>
    </nav>
  );
}
