import type { PaperRef } from '../../../common/arxiv-id.js';
import type { Bookmark, BookmarkedPapersPage } from '../../../common/bookmarks.js';
import type { KeysetPosition } from '../../../common/keyset-page.js';
import { keysetPage } from '../../db/keyset.js';
import { AppError, notFound } from '../../errors.js';
import type { PapersRepo } from '../papers/repo.js';
import { toCard } from '../papers/service.js';
import type { BookmarksRepo } from './repo.js';

/** A reader's bookmarks; every method acts on the given user's own bookmarks only. */
export function createBookmarksService({
  repo,
  papersRepo,
}: {
  repo: BookmarksRepo;
  papersRepo: Pick<PapersRepo, 'cardsByIds'>;
}) {
  async function paperOf(ref: PaperRef) {
    const paper = await repo.findPaper(ref);
    if (!paper) throw notFound('Paper not found');
    return paper;
  }

  return {
    list: (userId: number): Promise<Bookmark[]> => repo.listOf(userId),

    /** A page of the user's bookmarks, newest first, each with its paper's card: one request per page of cards. */
    async papersPage(
      userId: number,
      query: { cursor?: KeysetPosition | undefined; limit: number },
    ): Promise<BookmarkedPapersPage> {
      const page = keysetPage(await repo.pageOf(userId, query.cursor, query.limit + 1), query.limit, (row) => row);
      const rows = await papersRepo.cardsByIds(page.rows.map((bookmark) => bookmark.paperId));
      const cards = new Map(rows.map((row) => [row.id, toCard(row)]));
      return {
        // A paper deleted between the two reads has taken its bookmark with it.
        items: page.rows.flatMap((bookmark) => {
          const paper = cards.get(bookmark.paperId);
          return paper ? [{ bookmark, paper }] : [];
        }),
        nextCursor: page.nextCursor,
      };
    },

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
