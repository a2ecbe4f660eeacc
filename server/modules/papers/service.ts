import type { Locale } from '../../../common/account-rules.js';
import { arxivPdfUrl, type PaperRef } from '../../../common/arxiv-id.js';
import { type CoverInput, coverInputOf } from '../../../common/cover.js';
import { buildPaperPagination } from '../../../common/page-window.js';
import {
  type ArabicSummary,
  arabicSummarySchema,
  type CategoryRef,
  type PaperCard,
  type PaperDetail,
  type PaperList,
  paperDetailSchema,
  paperListSchema,
  type Summary,
  summarySchema,
} from '../../../common/papers.js';
import type { PaperSort } from '../../../common/popularity.js';
import { notFound } from '../../errors.js';
import { type EncodedBody, encodedBody } from '../../http/encoded-body.js';
import { createAnswerCache } from './answer-cache.js';
import type { ContentVersion } from './content-version.js';
import { popularPage } from './popular.js';
import type { PopularRepo } from './popular-repo.js';
import {
  ARABIC_NAME_SEPARATOR,
  CATEGORY_SEPARATOR,
  type ListingKey,
  type PaperCardRow,
  type PapersRepo,
} from './repo.js';

/** Rows between two listing anchors: a deep page never skips more than this many index entries. */
const ANCHOR_EVERY = 100;
/** Answers kept while the papers do not change: pages of the whole listing, and papers. */
const CACHE_SIZE = 512;

interface ListingAnchors {
  version: number;
  keys: ListingKey[];
}

/** The listing's total and order version a page's rows carry: the papers an admin deleted are not counted. */
const statsOf = (row: { stats_total: number; stats_version: number; stats_deleted: number }) => ({
  total: row.stats_total - Number(row.stats_deleted),
  version: row.stats_version,
});
const refOf = (ref: PaperRef) => (ref.kind === 'id' ? { id: ref.id } : { arxivId: ref.arxivId });
const refKey = (ref: PaperRef) => (ref.kind === 'id' ? `id:${ref.id}` : `arxiv:${ref.arxivId}`);

export function createPapersService({
  repo,
  popularRepo,
  contentVersion,
  now = Date.now,
}: {
  repo: PapersRepo;
  popularRepo: PopularRepo;
  contentVersion: Pick<ContentVersion, 'current'>;
  /** The clock the Popular order's week and decay are measured by. */
  now?: () => number;
}) {
  // Anchors belong to one paper_stats.version, which the database bumps on every change of order.
  let anchors: ListingAnchors | null = null;
  let anchorsLoading: Promise<ListingAnchors> | null = null;
  // Answers (serialised, or papers for the page heads), valid while the content version stays the same:
  // a change made by any process moves the version (see ContentVersion), and with it every answer kept.
  const cached = createAnswerCache(() => contentVersion.current(), CACHE_SIZE);

  async function loadAnchors(): Promise<ListingAnchors> {
    anchorsLoading ??= (async () => {
      const { version } = await repo.stats();
      return { version, keys: await repo.listingAnchors(ANCHOR_EVERY) };
    })().finally(() => {
      anchorsLoading = null;
    });
    anchors = await anchorsLoading;
    return anchors;
  }

  /** One query per page: it seeks from the anchor before the offset and reports the current version. */
  async function listingPage(offset: number, limit: number, known: ListingAnchors) {
    const anchorIndex = Math.min(Math.floor(offset / ANCHOR_EVERY), known.keys.length - 1);
    const anchor = known.keys[anchorIndex] ?? null;
    return repo.pageFrom(anchor, anchor ? offset - anchorIndex * ANCHOR_EVERY : offset, limit);
  }

  async function listAll(page: number, limit: number): Promise<PaperList> {
    const offset = (page - 1) * limit;
    const known = anchors ?? (await loadAnchors());
    let rows = await listingPage(offset, limit, known);
    let stats = rows[0] ? statsOf(rows[0]) : await repo.listingStats();
    // Papers were added or removed since the anchors were taken: take them anew and read again.
    if (stats.version !== known.version) {
      rows = await listingPage(offset, limit, await loadAnchors());
      stats = rows[0] ? statsOf(rows[0]) : await repo.listingStats();
    }
    return { papers: rows.map(toCard), pagination: buildPaperPagination(page, limit, stats.total) };
  }

  async function listInCategory(page: number, limit: number, category: string): Promise<PaperList> {
    const categoryId = await repo.findCategoryId(category);
    if (categoryId === null) return { papers: [], pagination: buildPaperPagination(page, limit, 0) };
    const [rows, total] = await Promise.all([
      repo.pageInCategory(categoryId, (page - 1) * limit, limit),
      repo.countInCategory(categoryId),
    ]);
    return { papers: rows.map(toCard), pagination: buildPaperPagination(page, limit, total) };
  }

  /** The Popular order is not cached: saves and comments change it without changing the papers. */
  async function listPopular(page: number, limit: number, category?: string): Promise<PaperList> {
    const categoryId = category === undefined ? null : await repo.findCategoryId(category);
    if (category !== undefined && categoryId === null)
      return { papers: [], pagination: buildPaperPagination(page, limit, 0) };
    const { rows, total } = await popularPage({ repo, popularRepo }, { page, limit, categoryId, now: now() });
    return {
      papers: rows.map((row) => ({ ...toCard(row), thisWeek: row.thisWeek })),
      pagination: buildPaperPagination(page, limit, total),
    };
  }

  return {
    /**
     * A page of papers as the JSON the API answers (only the contract's fields); whole-listing pages
     * are cached with their compressed encodings.
     */
    async listJson(page: number, limit: number, category?: string, sort: PaperSort = 'newest'): Promise<EncodedBody> {
      if (sort === 'popular')
        return encodedBody(JSON.stringify(paperListSchema.parse(await listPopular(page, limit, category))));
      if (category !== undefined)
        return encodedBody(JSON.stringify(paperListSchema.parse(await listInCategory(page, limit, category))));
      return cached(`list:${page}:${limit}`, async () =>
        encodedBody(JSON.stringify(paperListSchema.parse(await listAll(page, limit)))),
      );
    },

    /** A page of papers, newest first or most popular first, of one category when named (an unknown one has none). */
    list(page: number, limit: number, category?: string, sort: PaperSort = 'newest'): Promise<PaperList> {
      if (sort === 'popular') return listPopular(page, limit, category);
      return category === undefined ? listAll(page, limit) : listInCategory(page, limit, category);
    },

    /** A paper as the JSON the API answers, cached like the listing pages; 404 when unknown. */
    async detailJson(ref: PaperRef): Promise<EncodedBody> {
      return cached(`json:${refKey(ref)}`, async () =>
        encodedBody(JSON.stringify(paperDetailSchema.parse(await detail(ref)))),
      );
    },

    /** A paper, kept like the answers (a page's head reads it on every request); 404 when unknown. */
    detail(ref: PaperRef): Promise<PaperDetail> {
      return cached(`detail:${refKey(ref)}`, () => detail(ref));
    },

    /** What a cover is drawn from: the paper's id, title and first category, named in `locale`. */
    async coverInput(ref: PaperRef, locale: Locale = 'en'): Promise<CoverInput> {
      return coverInputOf(toCard(await findRow(ref)), locale);
    },

    async categoriesOfPaper(ref: PaperRef): Promise<CategoryRef[]> {
      return toCard(await findRow(ref)).categories;
    },
  };

  async function detail(ref: PaperRef): Promise<PaperDetail> {
    const row = await findRow(ref);
    const summary = row.summary_json === null ? null : parseSummary(row.summary_json);
    return {
      ...toCard(row),
      abstractTranslation: row.abstract_translation,
      summary,
      summaryModel: row.summary_model,
      summaryAr: summary && row.summary_ar_json !== null ? parseArabicSummary(row.summary_ar_json) : null,
    };
  }

  async function findRow(ref: PaperRef) {
    const row = await repo.findWithSummary(refOf(ref));
    if (!row) throw notFound('Paper not found');
    return row;
  }
}

export type PapersService = ReturnType<typeof createPapersService>;

/** A listing row as the card every list of papers answers (the digest, search, related papers). */
export function toCard(row: PaperCardRow): PaperCard {
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
    categories: row.category_names ? categoryRefsOf(row.category_names) : [],
  };
}

/** The categories of a card row (see PaperCardRow), sorted by name. */
function categoryRefsOf(joined: string): CategoryRef[] {
  return joined
    .split(CATEGORY_SEPARATOR)
    .map((entry) => {
      const [name = '', nameAr = ''] = entry.split(ARABIC_NAME_SEPARATOR);
      return { name, nameAr: nameAr || null };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A stored summary that no longer matches the contract is answered as absent rather than failing the page. */
function parseSummary(json: string): Summary | null {
  const parsed = summarySchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** The same for the Arabic summary: readers of Arabic then see the English. */
function parseArabicSummary(json: string): ArabicSummary | null {
  const parsed = arabicSummarySchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}
