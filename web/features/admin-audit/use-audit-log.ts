import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { useNextPage } from '../../lib/use-next-page.js';
import { type AuditFilter, appendEntries, auditKeys, auditQueryOptions, fetchAuditPage } from './api.js';

/** The audit log matching `filter`: its first page, and the older pages as the admin asks for them. */
export function useAuditLog(filter: AuditFilter) {
  const query = useQuery(auditQueryOptions(filter));
  const key = useMemo(() => auditKeys.list(filter), [filter]);
  const nextPage = useNextPage(key, appendEntries);
  const cursor = query.data?.nextCursor ?? null;
  const loadMore = useCallback(() => {
    if (cursor === null) return;
    nextPage
      .load(cursor, (before) => fetchAuditPage(filter, before))
      .catch((error: unknown) => {
        logUnexpected('Failed to fetch older audit entries', error);
      });
  }, [cursor, filter, nextPage]);
  return {
    query,
    hasMore: cursor !== null,
    loadingMore: nextPage.pendingCursor !== null,
    moreFailed: nextPage.failedCursor !== null,
    loadMore,
  };
}
