import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AdminComment } from '../../../common/moderation.js';
import type { ReportReason } from '../../../common/moderation-rules.js';
import { toIso } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { type AuditRecord, appendAudit } from '../audit/repo.js';
import { commentsWithAuthors, toComment } from '../comments/repo.js';
import { removeComments } from './removal.js';

/** A comment's reports no administrator dismissed. */
const openReports = (eb: ExpressionBuilder<Database, 'comments'>) =>
  eb
    .selectFrom('comment_reports')
    .whereRef('comment_reports.comment_id', '=', 'comments.id')
    .where('comment_reports.dismissed_at', 'is', null);

export interface AdminCommentFilter {
  reported?: boolean;
  paperId?: number;
  authorId?: number;
}

export function createModerationRepo(db: Kysely<Database>) {
  /** Live comments (no moderator removed them) matching the filter. */
  function matching(filter: AdminCommentFilter) {
    let query = db.selectFrom('comments').where('comments.removed_at', 'is', null);
    if (filter.paperId !== undefined) query = query.where('comments.paper_id', '=', filter.paperId);
    if (filter.authorId !== undefined) query = query.where('comments.user_id', '=', filter.authorId);
    if (filter.reported === true) query = query.where((eb) => eb.exists(openReports(eb).select('comment_reports.id')));
    if (filter.reported === false) {
      query = query.where((eb) => eb.not(eb.exists(openReports(eb).select('comment_reports.id'))));
    }
    return query;
  }

  /** The open reports of these comments, the latest first, with the readers who made them. */
  async function openReportsOf(commentIds: number[]): Promise<AdminComment['reports']> {
    if (commentIds.length === 0) return [];
    const rows = await db
      .selectFrom('comment_reports')
      .innerJoin('users', 'users.id', 'comment_reports.user_id')
      .select([
        'comment_reports.id',
        'comment_reports.comment_id',
        'comment_reports.reason',
        'comment_reports.details',
        'comment_reports.created_at',
        'users.id as reporter_id',
        'users.name',
        'users.email',
      ])
      .where('comment_reports.comment_id', 'in', commentIds)
      .where('comment_reports.dismissed_at', 'is', null)
      .orderBy('comment_reports.created_at', 'desc')
      .orderBy('comment_reports.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      commentId: row.comment_id,
      reason: row.reason as ReportReason,
      text: row.details,
      createdAt: toIso(row.created_at),
      reporter: { id: row.reporter_id, name: row.name, email: row.email },
    }));
  }

  return {
    /** A comment no moderator removed: its author, or undefined. */
    findLive: (id: number) =>
      db
        .selectFrom('comments')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst(),

    /** Stores a reader's report; null when that reader reported that comment already. */
    async insertReport(report: { commentId: number; userId: number; reason: ReportReason; text: string | null }) {
      try {
        return await db
          .insertInto('comment_reports')
          .values({
            comment_id: report.commentId,
            user_id: report.userId,
            reason: report.reason,
            details: report.text,
            created_at: new Date().toISOString(),
          })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /**
     * A page of live comments, those with open reports first (the latest report first), then the
     * newest; and how many match.
     */
    async page(filter: AdminCommentFilter, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        matching(filter)
          .innerJoin('papers', 'papers.id', 'comments.paper_id')
          .leftJoin('users', 'users.id', 'comments.user_id')
          .select((eb) => [
            'comments.id',
            'comments.paper_id',
            'comments.user_id',
            'users.name',
            'users.email',
            'comments.text',
            'comments.created_at',
            'comments.removed_at',
            'comments.removal_reason',
            'comments.edited_at',
            'papers.arxiv_id',
            'papers.title',
            openReports(eb)
              .select((inner) => inner.fn.max('comment_reports.created_at').as('latest'))
              .as('last_reported_at'),
          ])
          .orderBy('last_reported_at', (order) => order.desc().nullsLast())
          .orderBy('comments.created_at', 'desc')
          .orderBy('comments.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        matching(filter)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const reports = await openReportsOf(rows.map((row) => row.id));
      const comments: AdminComment[] = rows.map((row) => ({
        ...toComment(row),
        paperArxivId: row.arxiv_id,
        paperTitle: row.title,
        authorEmail: row.email,
        reports: reports.filter((report) => report.commentId === row.id),
      }));
      return { comments, total: Number(count.total) };
    },

    /**
     * A moderator's removal of one live comment, with its entry in the audit log: the comment as its
     * author now sees it, and the files of the images it took offline; null when it was not live.
     */
    async removeComment(id: number, reason: string | null, audit: AuditRecord & { actorId: number }) {
      return db.transaction().execute(async (trx) => {
        const removed = await removeComments(trx, { ids: [id] }, { by: audit.actorId, reason });
        if (removed.ids.length === 0) return null;
        await appendAudit(trx, { ...audit, after: { reason } });
        const row = await commentsWithAuthors(trx).where('comments.id', '=', id).executeTakeFirstOrThrow();
        return { comment: toComment(row), fileNames: removed.fileNames };
      });
    },

    /** Dismisses a comment's open reports, with an entry in the audit log: how many there were. */
    async dismissReports(commentId: number, audit: AuditRecord & { actorId: number }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const dismissed = await trx
          .updateTable('comment_reports')
          .set({ dismissed_at: new Date().toISOString(), dismissed_by: audit.actorId })
          .where('comment_id', '=', commentId)
          .where('dismissed_at', 'is', null)
          .returning('id')
          .execute();
        if (dismissed.length > 0) await appendAudit(trx, { ...audit, after: { dismissed: dismissed.length } });
        return dismissed.length;
      });
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
