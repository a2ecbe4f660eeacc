import type { PaperRef } from '../../../common/arxiv-id.js';
import { notFound } from '../../errors.js';
import { type BibtexEntry, formatBibtex } from './bibtex.js';
import type { CitationsRepo } from './repo.js';

/** Citations of the digest's papers. */
export function createCitationsService({ repo }: { repo: Pick<CitationsRepo, 'findPaper'> }) {
  return {
    /** The paper's BibTeX entry; 404 when there is no such paper. */
    async bibtex(ref: PaperRef): Promise<BibtexEntry> {
      const paper = await repo.findPaper(ref);
      if (!paper) throw notFound('Paper not found');
      return formatBibtex(paper);
    },
  };
}

export type CitationsService = ReturnType<typeof createCitationsService>;
