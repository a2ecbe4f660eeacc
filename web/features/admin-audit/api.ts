import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry, AuditPage } from '../../../common/audit.js';
import type { AuditAction, AuditObjectType } from '../../../common/audit-rules.js';
import { apiGet } from '../../lib/api-client.js';
import type { CursorPage } from '../../lib/use-next-page.js';

export interface AuditFilter {
  action?: AuditAction;
  actor?: number;
  objectType?: AuditObjectType;
  objectId?: string;
}

/** The log as the screen holds it: the entries loaded so far, and where the next page starts. */
export interface AuditList extends CursorPage {
  entries: AuditEntry[];
}

/** Query keys of the audit log, owned here so that the list's pages and reads agree. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) => [...auditKeys.all, 'list', filter] as const,
};

/** GET /admin/audit: a page of the entries matching `filter`, older than the entry `before` names. */
export async function fetchAuditPage(filter: AuditFilter, before?: string, signal?: AbortSignal): Promise<AuditList> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) search.set(name, String(value));
  if (before !== undefined) search.set('before', before);
  const page = await apiGet<AuditPage>(`/admin/audit?${search}`, signal);
  return { entries: page.entries, nextCursor: page.nextBefore === null ? null : String(page.nextBefore) };
}

export function auditQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ signal }) => fetchAuditPage(filter, undefined, signal),
    // Other admins act meanwhile: always ask again.
    staleTime: 0,
  });
}

/** The older page joins the list. */
export const appendEntries = (list: AuditList, next: AuditList): AuditList => ({
  entries: [...list.entries, ...next.entries],
  nextCursor: next.nextCursor,
});
