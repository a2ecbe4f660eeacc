import { arxivPdfUrl, type PaperRef } from '../../../common/arxiv-id.js';
import { buildPaperPagination } from '../../../common/page-window.js';
import { type PaperCard, type PaperDetail, type PaperList, type Summary, summarySchema } from '../../../common/papers.js';
import { notFound } from '../../errors.js';
import type { ListingKey, PaperCardRow, PapersRepo } from './repo.js';

/** Rows between two listing anchors: a deep page never skips more than this many index entries. */
const ANCHOR_EVERY = 500;

interface ListingAnchors {
  version: number;
  keys: ListingKey[];
}

export function createPapersService(repo: PapersRepo) {
  // Anchors are rebuilt when paper_stats.version changes, which the database bumps on any reorder.
  let anchors: ListingAnchors | null = null;
  let anchorsLoading: Promise<ListingAnchors> | null = null;

  async function anchorsFor(version: number): Promise<ListingKey[]> {
    if (anchors?.version === version) return anchors.keys;
    anchorsLoading ??= repo
      .listingAnchors(ANCHOR_EVERY)
      .then((keys) => ({ version, keys }))
      .finally(() => {
        anchorsLoading = null;
      });
    const loaded = await anchorsLoading;
    if (loaded.version === version) anchors = loaded;
    return loaded.keys;
  }

  async function toCards(rows: PaperCardRow[]): Promise<PaperCard[]> {
    const categories = await repo.categoriesOf(rows.map((row) => row.id));
    return rows.map((row) => toCard(row, categories.get(row.id) ?? []));
  }

  async function findRow(ref: PaperRef): Promise<PaperCardRow> {
    const row = ref.kind === 'id' ? await repo.findById(ref.id) : await repo.findByArxivId(ref.arxivId);
    if (!row) throw notFound('Paper not found');
    return row;
  }

  return {
    async list(page: number, limit: number, category?: string): Promise<PaperList> {
      const offset = (page - 1) * limit;
      if (category !== undefined) {
        const categoryId = await repo.findCategoryId(category);
        if (categoryId === null) return { papers: [], pagination: buildPaperPagination(page, limit, 0) };
        const [rows, total] = await Promise.all([
          repo.pageInCategory(categoryId, offset, limit),
          repo.countInCategory(categoryId),
        ]);
        return { papers: await toCards(rows), pagination: buildPaperPagination(page, limit, total) };
      }
      const stats = await repo.stats();
      if (offset >= stats.total) return { papers: [], pagination: buildPaperPagination(page, limit, stats.total) };
      const keys = await anchorsFor(stats.version);
      const anchorIndex = Math.min(Math.floor(offset / ANCHOR_EVERY), keys.length - 1);
      const anchor = keys[anchorIndex] ?? null;
      const rows = await repo.pageFrom(anchor, anchor ? offset - anchorIndex * ANCHOR_EVERY : offset, limit);
      return { papers: await toCards(rows), pagination: buildPaperPagination(page, limit, stats.total) };
    },

    async detail(ref: PaperRef): Promise<PaperDetail> {
      const row = await findRow(ref);
      const [categories, summaryJson] = await Promise.all([repo.categoriesOf([row.id]), repo.findSummary(row.id)]);
      return {
        ...toCard(row, categories.get(row.id) ?? []),
        abstractTranslation: row.abstract_translation,
        summary: summaryJson === null ? null : parseSummary(summaryJson),
      };
    },

    /** What a cover is drawn from: the paper's id, title and first category. */
    async coverInput(ref: PaperRef): Promise<{ arxivId: string; title: string; category: string }> {
      const row = await findRow(ref);
      const categories = await repo.categoriesOf([row.id]);
      return { arxivId: row.arxiv_id, title: row.title, category: categories.get(row.id)?.[0] ?? '' };
    },

    async categoriesOfPaper(ref: PaperRef): Promise<{ name: string }[]> {
      const row = await findRow(ref);
      const categories = await repo.categoriesOf([row.id]);
      return (categories.get(row.id) ?? []).map((name) => ({ name }));
    },
  };
}

export type PapersService = ReturnType<typeof createPapersService>;

function toCard(row: PaperCardRow, categories: string[]): PaperCard {
  return {
    id: row.id,
    arxivId: row.arxiv_id,
    version: row.version,
    title: row.title,
    pdfUrl: row.pdf_url || arxivPdfUrl(row.arxiv_id, row.version),
    abstract: row.abstract,
    submittedDate: row.submitted_date,
    authors: JSON.parse(row.authors) as string[],
    translated: row.abstract_translation !== null,
    categories: categories.map((name) => ({ name })),
  };
}

/** A stored summary that no longer matches the contract is answered as absent rather than failing the page. */
function parseSummary(json: string): Summary | null {
  const parsed = summarySchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}
