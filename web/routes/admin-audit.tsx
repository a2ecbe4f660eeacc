import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { ListStates } from '../components/ui/list-states.js';
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

  const content = (
    <ListStates
      isPending={isPending}
      failed={Boolean(error)}
      isEmpty={!data || data.entries.length === 0}
      onRetry={() => void refetch()}
      texts={{ loading: t('loading'), failed: t('fetchFailed'), retry: t('retry'), empty: t('empty') }}
    >
      {() =>
        data && (
          <ol aria-label={t('listLabel')} className="flex flex-col gap-3">
            {data.entries.map((entry) => (
              <li key={entry.id}>
                <AuditEntryItem entry={entry} />
              </li>
            ))}
          </ol>
        )
      }
    </ListStates>
  );

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
