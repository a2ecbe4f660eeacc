import { queryOptions } from '@tanstack/react-query';
import type { DeletedPaperList, DeletedPaperRestoreAnswer, PaperUpdateBody } from '../../../common/admin-papers.js';
import { DELETED_PAPERS_PAGE_SIZE } from '../../../common/paper-rules.js';
import type { CategoryRef, PaperDetail, PaperList } from '../../../common/papers.js';
import { apiGet, apiSend, encodePathId } from '../../lib/api-client.js';
import { fetchBookmarks } from '../../lib/bookmark-requests.js';

/** Admins see papers as they are now: every query here is asked again whenever it is shown. */
export const adminPaperKeys = {
  all: ['admin-papers'] as const,
  list: (page: number, limit: number) => [...adminPaperKeys.all, 'list', page, limit] as const,
  detail: (arxivId: string) => [...adminPaperKeys.all, 'detail', arxivId] as const,
  bookmarks: () => [...adminPaperKeys.all, 'bookmarks'] as const,
  deleted: (prefix: string, page: number) => [...adminPaperKeys.all, 'deleted', prefix, page] as const,
};

/** The admin list's page size (SPEC §9: default page 1, limit 10). */
export const ADMIN_PAPERS_PAGE_SIZE = 10;

export function adminPaperListQueryOptions(page: number, limit = ADMIN_PAPERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: adminPaperKeys.list(page, limit),
    queryFn: ({ signal }) => apiGet<PaperList>(`/papers?page=${page}&limit=${limit}`, signal),
    staleTime: 0,
  });
}

export function adminPaperQueryOptions(arxivId: string) {
  return queryOptions({
    queryKey: adminPaperKeys.detail(arxivId),
    queryFn: ({ signal }) => apiGet<PaperDetail>(`/papers/${encodePathId(arxivId)}`, signal),
    staleTime: 0,
  });
}

/** The admin's own bookmarks, for Add Bookmark / Remove Bookmark. */
export function adminBookmarksQueryOptions() {
  return queryOptions({
    queryKey: adminPaperKeys.bookmarks(),
    queryFn: ({ signal }) => fetchBookmarks(signal),
    staleTime: 0,
  });
}

/** PUT /papers/{arxivId}: answers the paper as it now is. */
export function updatePaper(arxivId: string, body: Omit<PaperUpdateBody, 'summary'> & { summary?: unknown }) {
  return apiSend<PaperDetail>('PUT', `/papers/${encodePathId(arxivId)}`, body);
}

/** POST /papers/{arxivId}/categories: the paper's categories become these names. */
export function setPaperCategories(arxivId: string, categories: string[]): Promise<CategoryRef[]> {
  return apiSend<CategoryRef[]>('POST', `/papers/${encodePathId(arxivId)}/categories`, { categories });
}

export function deletePaper(arxivId: string): Promise<{ message: string }> {
  return apiSend('DELETE', `/papers/${encodePathId(arxivId)}`);
}

/** GET /admin/deleted-papers: the arXiv ids admins deleted that start with `prefix`, newest deletion first. */
export function deletedPapersQueryOptions(prefix: string, page: number) {
  const query = new URLSearchParams({ q: prefix, page: String(page), limit: String(DELETED_PAPERS_PAGE_SIZE) });
  return queryOptions({
    queryKey: adminPaperKeys.deleted(prefix, page),
    queryFn: ({ signal }) => apiGet<DeletedPaperList>(`/admin/deleted-papers?${query}`, signal),
    staleTime: 0,
  });
}

/** DELETE /admin/deleted-papers/{arxivId}: the kept paper shows again whole; an erased one's id may be imported again. */
export function restoreDeletedPaper(arxivId: string): Promise<DeletedPaperRestoreAnswer> {
  return apiSend('DELETE', `/admin/deleted-papers/${encodePathId(arxivId)}`);
}

/** DELETE /admin/deleted-papers/{arxivId}/paper: the kept paper is erased; its id stays deleted. */
export function erasePaper(arxivId: string): Promise<{ message: string }> {
  return apiSend('DELETE', `/admin/deleted-papers/${encodePathId(arxivId)}/paper`);
}
