/** Papers and comments as the API answers them, for the web tests' fake API. */
import { COMMENTS_PAGE_SIZE } from '../../common/comment-rules.js';
import type { Comment } from '../../common/comments.js';
import type { PaperCard, PaperDetail } from '../../common/papers.js';
import { type FakeHandler, jsonResponse } from './fake-api.js';

export function makePaperDetail(overrides: Partial<PaperDetail> = {}): PaperDetail {
  return {
    id: 7,
    arxivId: '2401.00001',
    version: 1,
    title: 'Self-Evolving Tool Use',
    pdfUrl: 'https://arxiv.org/pdf/2401.00001v1',
    abstract: 'Agents that rewrite their own tools.',
    submittedDate: '2024-01-02',
    authors: ['Ada Lovelace'],
    translated: false,
    categories: [{ name: 'Agents', nameAr: null }],
    abstractTranslation: null,
    summary: null,
    summaryModel: null,
    summaryAr: null,
    ...overrides,
  };
}

/** A card as lists and searches answer it, numbered: `makePaperCard(3)` is 2401.00003, "Paper 3". */
export function makePaperCard(number: number, overrides: Partial<PaperCard> = {}): PaperCard {
  const arxivId = `2401.${String(number).padStart(5, '0')}`;
  return {
    id: number,
    arxivId,
    version: 1,
    title: `Paper ${number}`,
    pdfUrl: `https://arxiv.org/pdf/${arxivId}v1`,
    abstract: `Abstract of paper ${number}.`,
    submittedDate: '2024-01-02',
    authors: ['Ada Lovelace'],
    translated: false,
    categories: [{ name: 'Agents', nameAr: null }],
    ...overrides,
  };
}

let nextCommentId = 1;

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextCommentId++;
  return {
    id,
    paperId: 7,
    userId: 2,
    name: `Reader ${id}`,
    text: `<p>Comment ${id}</p>`,
    createdAt: '2025-03-16T12:00:00.000Z',
    ...overrides,
  };
}

/**
 * Answers the pages of these comments as GET /api/comments/{paperId}/page does: in the order asked
 * (ties in time by id), `limit` of them after the cursor. Its cursors are positions in that order.
 */
export function commentPages(comments: readonly Comment[]): FakeHandler {
  return ({ url }) => {
    const oldestFirst = [...comments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
    const ordered = url.searchParams.get('order') === 'oldest' ? oldestFirst : oldestFirst.reverse();
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = start + Number(url.searchParams.get('limit') ?? COMMENTS_PAGE_SIZE);
    return jsonResponse({
      comments: ordered.slice(start, end),
      nextCursor: end < ordered.length ? String(end) : null,
      total: ordered.length,
    });
  };
}
