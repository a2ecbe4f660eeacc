import type { PaperUpdateBody } from '../../../common/admin-papers.js';
import type { PaperRef } from '../../../common/arxiv-id.js';
import { type CategoryRef, type PaperDetail, type Summary, summarySchema } from '../../../common/papers.js';
import { badRequest, notFound } from '../../errors.js';
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

/** Edits, categories and removal of papers by administrators. Every write shows at once on every page. */
export function createPaperAdminService({
  repo,
  papers,
  contentVersion,
}: {
  repo: PaperAdminRepo;
  papers: Pick<PapersService, 'detail' | 'categoriesOfPaper'>;
  contentVersion: Pick<ContentVersion, 'changed'>;
}) {
  async function idOf(ref: PaperRef): Promise<number> {
    const id = await repo.findId(ref.kind === 'id' ? { id: ref.id } : { arxivId: ref.arxivId });
    if (id === null) throw notFound('Paper not found');
    return id;
  }

  return {
    /** Answers the paper as it now is. */
    async update(ref: PaperRef, body: PaperUpdateBody): Promise<PaperDetail> {
      // The summary is checked before anything is written.
      let summary: PaperEdit['summary'];
      if (body.summary === null) summary = null;
      else if (body.summary !== undefined) {
        const parsed = summaryOf(body.summary);
        summary = { data: JSON.stringify(parsed), generated_by: parsed.generatedBy };
      }
      const id = await idOf(ref);
      await repo.update(id, {
        version: body.version,
        title: body.title,
        pdfUrl: body.pdfUrl,
        abstract: body.abstract,
        summary,
      });
      await contentVersion.changed();
      return papers.detail({ kind: 'id', id });
    },

    async remove(ref: PaperRef): Promise<void> {
      await repo.remove(await idOf(ref));
      await contentVersion.changed();
    },

    /** The paper's categories become these names (trimmed, each once); answers them sorted. */
    async setCategories(ref: PaperRef, names: string[]): Promise<CategoryRef[]> {
      const id = await idOf(ref);
      await repo.setCategories(id, [...new Set(names)]);
      await contentVersion.changed();
      return papers.categoriesOfPaper({ kind: 'id', id });
    },
  };
}

export type PaperAdminService = ReturnType<typeof createPaperAdminService>;
