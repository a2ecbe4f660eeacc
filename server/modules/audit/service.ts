import type { AuditPage, AuditQuery } from '../../../common/audit.js';
import type { AuditRepo } from './repo.js';

/** The audit log as administrators read it; the writes that it records append to it themselves. */
export function createAuditService({ repo }: { repo: Pick<AuditRepo, 'page'> }) {
  return {
    /** A page newest first; `nextBefore` names where the next one starts, null on the last. */
    async page({ limit, ...query }: AuditQuery): Promise<AuditPage> {
      const rows = await repo.page(query, limit + 1);
      const entries = rows.slice(0, limit);
      return { entries, nextBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
