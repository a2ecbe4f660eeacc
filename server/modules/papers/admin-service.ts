import type { DeletedPaperList, PaperUpdateBody } from '../../../common/admin-papers.js';
import type { PaperRef } from '../../../common/arxiv-id.js';
import type { AuditAction } from '../../../common/audit-rules.js';
import { type CategoryRef, type PaperDetail, type Summary, summarySchema } from '../../../common/papers.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuditRecord } from '../audit/repo.js';
import type { DeletedPapersRepo } from './admin-deleted-repo.js';
import type { PaperAdminRepo, PaperEdit } from './admin-repo.js';
import type { ContentVersion } from './content-version.js';
import type { PapersService } from './service.js';

export const SUMMARY_JSON_ERROR = 'Error parsing summary JSON';

/** The summary as sent: an object already checked by the route, or JSON text that must parse and match. */
function summaryOf(sent: Summary | string): Summary {
  if (typeof sent !== 'string') return sent;
  let value: unknown;
  try {
    value = JSON.parse(sent);
  } catch {
    throw badRequest(SUMMARY_JSON_ERROR, { 'body.summary': ['is not JSON'] });
  }
  const parsed = summarySchema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'summary'}: ${issue.message}`);
    throw badRequest(SUMMARY_JSON_ERROR, { 'body.summary': fields });
  }
  return parsed.data;
}

/**
 * Edits, categories and removal of papers by administrators, and the restoring of deleted arXiv ids.
 * Every write shows at once on every page.
 */
export function createPaperAdminService({
  repo,
  deleted,
  papers,
  contentVersion,
}: {
  repo: PaperAdminRepo;
  deleted: Pick<DeletedPapersRepo, 'page' | 'restore' | 'erase'>;
  papers: Pick<PapersService, 'detail' | 'categoriesOfPaper'>;
  contentVersion: Pick<ContentVersion, 'changed'>;
}) {
  async function find(ref: PaperRef): Promise<{ id: number; arxivId: string }> {
    const paper = await repo.find(ref.kind === 'id' ? { id: ref.id } : { arxivId: ref.arxivId });
    if (paper === null) throw notFound('Paper not found');
    return paper;
  }

  const auditOf = (action: AuditAction, actorId: number, arxivId: string): AuditRecord => ({
    actorId,
    action,
    objectType: 'paper',
    objectId: arxivId,
  });

  return {
    /** Answers the paper as it now is; `adminId` is recorded as who edited it. */
    async update(ref: PaperRef, body: PaperUpdateBody, adminId: number): Promise<PaperDetail> {
      // The summary is checked before anything is written.
      let summary: PaperEdit['summary'];
      if (body.summary === null) summary = null;
      else if (body.summary !== undefined) {
        const parsed = summaryOf(body.summary);
        summary = { data: JSON.stringify(parsed), generated_by: parsed.generatedBy };
      }
      const { id, arxivId } = await find(ref);
      await repo.update(
        id,
        { version: body.version, title: body.title, pdfUrl: body.pdfUrl, abstract: body.abstract, summary },
        auditOf('paper.edited', adminId, arxivId),
      );
      await contentVersion.changed();
      return papers.detail({ kind: 'id', id });
    },

    /** `adminId` is remembered as who deleted it. */
    async remove(ref: PaperRef, adminId: number): Promise<void> {
      const { id, arxivId } = await find(ref);
      await repo.remove(id, { ...auditOf('paper.deleted', adminId, arxivId), actorId: adminId });
      await contentVersion.changed();
    },

    async listDeleted(prefix: string, page: number, limit: number): Promise<DeletedPaperList> {
      const { items, total } = await deleted.page(prefix, (page - 1) * limit, limit);
      return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
    },

    /**
     * The kept paper shows again everywhere, with its comments and bookmarks; one deleted
     * permanently may be imported and scraped again from now on.
     */
    async restore(arxivId: string, adminId: number): Promise<{ message: string; paperShown: boolean }> {
      const restored = await deleted.restore(arxivId, auditOf('paper.restored', adminId, arxivId));
      if (!restored) throw notFound(`${arxivId} is not a deleted paper`);
      await contentVersion.changed();
      return restored.paperShown
        ? { message: `${arxivId} restored with its comments and bookmarks`, paperShown: true }
        : { message: `${arxivId} restored: it can be scraped and imported again`, paperShown: false };
    },

    /** Erases the kept paper with its comments and bookmarks; import, scraping and the ingest still skip its id. */
    async erase(arxivId: string, adminId: number): Promise<{ message: string }> {
      if (!(await deleted.erase(arxivId, auditOf('paper.erased', adminId, arxivId)))) {
        throw notFound(`${arxivId} is not a deleted paper kept for restoring`);
      }
      await contentVersion.changed();
      return { message: `${arxivId} deleted permanently` };
    },

    /** The paper's categories become these names (trimmed, each once); answers them sorted. */
    async setCategories(ref: PaperRef, names: string[], adminId: number): Promise<CategoryRef[]> {
      const { id, arxivId } = await find(ref);
      await repo.setCategories(id, [...new Set(names)], auditOf('paper.categories_set', adminId, arxivId));
      await contentVersion.changed();
      return papers.categoriesOfPaper({ kind: 'id', id });
    },
  };
}

export type PaperAdminService = ReturnType<typeof createPaperAdminService>;
