/** The audit log's vocabulary, shared by server and client, free of zod so the web bundle stays small. */

/** Every administrator action the audit log records, as `<object type>.<what was done>`. */
export const AUDIT_ACTIONS = [
  'paper.edited',
  'paper.categories_set',
  'paper.deleted',
  'paper.restored',
  'paper.erased',
  'paper.scraped',
  'category.created',
  'category.renamed',
  'category.deleted',
  'queue.moved_first',
  'queue.moved_last',
  'queue.processed_now',
  'queue.removed',
  'user.created',
  'user.verified',
  'user.unverified',
  'user.suspended',
  'user.restored',
  'user.promoted',
  'user.demoted',
  'user.deleted',
  'comment.removed',
  'comment.reports_dismissed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done to; papers and queue items are named by arXiv id, categories by name, the rest by id. */
export const AUDIT_OBJECT_TYPES = ['paper', 'queue_item', 'category', 'user', 'comment'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Entries per page of the audit log, and the most one page may hold. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 100;
