import { History, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { PageHeading } from '../components/ui/page-heading.js';
import type { AuditFilter } from '../features/admin-audit/api.js';
import { AuditEntryItem } from '../features/admin-audit/components/audit-entry.js';
import { AuditFilters } from '../features/admin-audit/components/audit-filters.js';
import { useAuditLog } from '../features/admin-audit/use-audit-log.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

/** /admin/audit: every administrator action, newest first, filtered, older ones loaded on request. */
export function AuditLogPage() {
  const { t } = useTranslation(['admin-audit', 'admin']);
  useDocumentTitle(t('title'));
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const { data, error, isPending, refetch } = log.query;

  useEffect(() => {
    if (error) logUnexpected('Failed to fetch the audit log', error);
  }, [error]);

  let content: ReactNode;
  if (isPending) {
    content = (
      <p role="status" className="rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center text-slate-600">
        {t('loading')}
      </p>
    );
  } else if (error) {
    content = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      >
        <TriangleAlert className="size-8 text-red-700" aria-hidden="true" />
        <p className="font-semibold text-red-800">{t('fetchFailed')}</p>
        <Button onClick={() => void refetch()}>{t('retry')}</Button>
      </div>
    );
  } else if (data.entries.length === 0) {
    content = (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
        {t('empty')}
      </p>
    );
  } else {
    content = (
      <ol aria-label={t('listLabel')} className="flex flex-col gap-3">
        {data.entries.map((entry) => (
          <li key={entry.id}>
            <AuditEntryItem entry={entry} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <PageShell>
      <div className="flex flex-col gap-6">
        <PageHeading
          icon={History}
          title={t('title')}
          subtitle={t('subtitle')}
          back={{ to: '/admin', label: t('backToDashboard') }}
        />
        <AuditFilters onApply={setFilter} />
        {content}
        {log.moreFailed && (
          <p role="alert" className="text-slate-700">
            {t('loadMoreFailed')}
          </p>
        )}
        {data && !error && log.hasMore && (
          <Button className="self-center" aria-busy={log.loadingMore} disabled={log.loadingMore} onClick={log.loadMore}>
            {log.loadingMore ? t('loadingMore') : t('loadMore')}
          </Button>
        )}
      </div>
    </PageShell>
  );
}
