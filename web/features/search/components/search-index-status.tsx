import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { healthQueryOptions } from '../api.js';

/**
 * How many papers have their search vector, made in the background, and whether search runs on
 * full text alone (no vector index), with the server's reason.
 */
export function SearchIndexStatus() {
  const { t } = useTranslation('admin');
  const { data, error } = useQuery(healthQueryOptions());
  useEffect(() => {
    if (error) logUnexpected('Failed to fetch the search index state', error);
  }, [error]);

  if (error) return <p className="text-sm text-slate-600">{t('dashboard.searchIndex.unavailable')}</p>;
  if (!data) return null;
  const { search } = data;
  const { done, total } = search.embedded;
  const percent = total > 0 ? Math.round((done / total) * 100) : 100;
  return (
    <div className="flex max-w-xl flex-col gap-2 text-sm text-slate-700">
      <p className="tabular-nums">{t('dashboard.searchIndex.embedded', { done, total })}</p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${percent}%` }} />
      </div>
      {search.vectorIndex === 'none' && (
        <p className="text-amber-900">
          {t('dashboard.searchIndex.fullTextOnly')}
          {search.reason && <span dir="auto">: {search.reason}</span>}
        </p>
      )}
    </div>
  );
}
