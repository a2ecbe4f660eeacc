import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE } from './audit-rules.js';
import { pageLimitParam } from './keyset-page.js';
import { positiveIntParam } from './pagination.js';

/** GET /api/admin/audit: newest first, filtered, a page at a time before an entry's id. */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: positiveIntParam.optional().meta({ description: "Only this administrator's actions (an account id)." }),
  objectType: z.enum(AUDIT_OBJECT_TYPES).optional(),
  objectId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'With objectType: only actions on this object (an arXiv id, a category name, an id).' }),
  before: positiveIntParam
    .optional()
    .meta({ description: 'The `nextBefore` of the previous page: entries older than that one.' }),
  limit: pageLimitParam(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const valuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Null for the operator's command line; the name and address are null once the account is gone. */
  actor: z
    .object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable()
    .meta({ description: 'The administrator; null for the command line (npm run admin).' }),
  action: z.enum(AUDIT_ACTIONS),
  objectType: z.enum(AUDIT_OBJECT_TYPES),
  objectId: z.string(),
  objectName: z
    .string()
    .nullable()
    .meta({ description: "The account's name when the object is an account that still exists; null otherwise." }),
  before: valuesSchema.meta({ description: 'The values the action changed, as they were; null when none.' }),
  after: valuesSchema.meta({ description: 'The values as the action left them; null when none.' }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
