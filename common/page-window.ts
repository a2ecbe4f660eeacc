/** Paging rules shared by server and client, free of zod so the web bundle stays small. */

export interface PaperPagination {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  limit: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  nextPage: number | null;
  previousPage: number | null;
}

export const MAX_PAGE_LIMIT = 100;

export function buildPaperPagination(currentPage: number, limit: number, totalCount: number): PaperPagination {
  const totalPages = Math.ceil(totalCount / limit);
  const hasNextPage = currentPage < totalPages;
  const hasPreviousPage = currentPage > 1;
  return {
    currentPage,
    totalPages,
    totalCount,
    limit,
    hasNextPage,
    hasPreviousPage,
    nextPage: hasNextPage ? currentPage + 1 : null,
    previousPage: hasPreviousPage ? Math.min(currentPage - 1, Math.max(totalPages, 1)) : null,
  };
}

/**
 * The page numbers to show as buttons: at most `size` pages, centred on the current page where
 * possible and shifted inwards at either end so the window always holds `size` pages when there are
 * that many.
 */
export function pageWindow(currentPage: number, totalPages: number, size = 5): number[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(currentPage, 1), totalPages);
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(current - Math.floor((count - 1) / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
