import type { Kysely } from 'kysely';
import type { AuditEntry, AuditQuery } from '../../../common/audit.js';
import type { AuditAction, AuditObjectType } from '../../../common/audit-rules.js';
import { toIso } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

export type AuditValues = Record<string, unknown>;

/** One administrator action as it is recorded: who (null for the command line), what, on which object, and the values. */
export interface AuditRecord {
  actorId: number | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string | number;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

const json = (values: AuditValues | null | undefined) =>
  values && Object.keys(values).length > 0 ? JSON.stringify(values) : null;

/**
 * Appends entries to the audit log through `db`, which is the transaction of the change they record:
 * the change and its record are written together or not at all.
 */
export async function appendAudit(db: Kysely<Database>, ...records: AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('audit_log')
    .values(
      records.map((record) => ({
        actor_id: record.actorId,
        action: record.action,
        object_type: record.objectType,
        object_id: String(record.objectId),
        before_values: json(record.before),
        after_values: json(record.after),
        created_at: now,
      })),
    )
    .execute();
}

/** Of two sets of values, those that differ, as they were and as they are. */
export function changedValues(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

const parsed = (text: string | null): AuditValues | null => (text === null ? null : (JSON.parse(text) as AuditValues));

export function createAuditRepo(db: Kysely<Database>) {
  return {
    /** An entry of an action that changed nothing else (a scrape of a paper already stored). */
    append: (record: AuditRecord) => appendAudit(db, record),

    /** Up to `limit` entries matching the query, newest first, older than `before` when given. */
    async page(query: Omit<AuditQuery, 'limit'>, limit: number): Promise<AuditEntry[]> {
      let select = db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .select([
          'audit_log.id',
          'audit_log.actor_id',
          'audit_log.action',
          'audit_log.object_type',
          'audit_log.object_id',
          'audit_log.before_values',
          'audit_log.after_values',
          'audit_log.created_at',
          'users.name',
          'users.email',
        ]);
      if (query.action) select = select.where('audit_log.action', '=', query.action);
      if (query.actor !== undefined) select = select.where('audit_log.actor_id', '=', query.actor);
      if (query.objectType) select = select.where('audit_log.object_type', '=', query.objectType);
      if (query.objectId !== undefined) select = select.where('audit_log.object_id', '=', query.objectId);
      if (query.before !== undefined) select = select.where('audit_log.id', '<', query.before);
      const rows = await select.orderBy('audit_log.id', 'desc').limit(limit).execute();
      // The accounts acted on, named as they are now: one query for the page, not a join on a cast id.
      const accountIds = [
        ...new Set(rows.filter((row) => row.object_type === 'user').map((row) => Number(row.object_id))),
      ].filter(Number.isSafeInteger);
      const accounts =
        accountIds.length === 0
          ? []
          : await db.selectFrom('users').select(['id', 'name']).where('id', 'in', accountIds).execute();
      const accountNames = new Map(accounts.map((account) => [String(account.id), account.name]));
      return rows.map((row) => ({
        id: row.id,
        createdAt: toIso(row.created_at),
        actor: row.actor_id === null ? null : { id: row.actor_id, name: row.name, email: row.email },
        action: row.action as AuditAction,
        objectType: row.object_type as AuditObjectType,
        objectId: row.object_id,
        objectName: row.object_type === 'user' ? (accountNames.get(row.object_id) ?? null) : null,
        before: parsed(row.before_values),
        after: parsed(row.after_values),
      }));
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
