import type { PaperRef } from '../../../common/arxiv-id.js';
import type { Bookmark } from '../../../common/bookmarks.js';
import { AppError, notFound } from '../../errors.js';
import type { BookmarksRepo } from './repo.js';

/** A reader's bookmarks; every method acts on the given user's own bookmarks only. */
export function createBookmarksService(repo: BookmarksRepo) {
  async function paperOf(ref: PaperRef) {
    const paper = await repo.findPaper(ref);
    if (!paper) throw notFound('Paper not found');
    return paper;
  }

  return {
    list: (userId: number): Promise<Bookmark[]> => repo.listOf(userId),

    /** `true` when bookmarked; 404 when not, and when there is no such paper. */
    async isBookmarked(userId: number, ref: PaperRef): Promise<true> {
      const paper = await repo.findPaper(ref);
      if (!paper || !(await repo.isBookmarked(userId, paper.id))) throw notFound('Paper is not bookmarked');
      return true;
    },

    async add(userId: number, ref: PaperRef): Promise<Bookmark> {
      const paper = await paperOf(ref);
      const created = await repo.insert(userId, paper.id);
      if (!created) throw new AppError(409, 'conflict', 'Paper is already bookmarked');
      return { id: created.id, paperId: paper.id, arxivId: paper.arxivId, createdAt: created.createdAt };
    },

    /** Answers the removed bookmark; another user's bookmark is not found, as if it did not exist. */
    async remove(userId: number, id: number): Promise<Bookmark> {
      const bookmark = await repo.findOf(userId, id);
      if (!bookmark || !(await repo.delete(userId, id))) throw notFound('Bookmark not found');
      return bookmark;
    },
  };
}

export type BookmarksService = ReturnType<typeof createBookmarksService>;
