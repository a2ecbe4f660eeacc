import type { BookmarkExportFormat } from '../../../common/bookmark-export.js';
import { BIBTEX_MEDIA_TYPE } from '../../../common/citations.js';
import { formatBibtex } from '../citations/bibtex.js';
import { collapseWhitespace } from '../citations/latex.js';
import type { ExportedPaper } from './repo.js';

export const EXPORT_FORMATS: Record<BookmarkExportFormat, { mediaType: string; name: string }> = {
  bib: { mediaType: `${BIBTEX_MEDIA_TYPE}; charset=utf-8`, name: 'BibTeX' },
  ris: { mediaType: 'application/x-research-info-systems; charset=utf-8', name: 'RIS' },
  csv: { mediaType: 'text/csv; charset=utf-8; header=present', name: 'CSV' },
};
export type ExportFormat = BookmarkExportFormat;

const abstractUrl = (arxivId: string) => `https://arxiv.org/abs/${arxivId}`;

/**
 * The BibTeX entries of the papers, each as the paper's own Cite gives it. Keys that two papers
 * share (vaswani2017attention twice) get a, b, … after the first, so every entry can be cited.
 */
export function toBibtex(papers: readonly ExportedPaper[]): string {
  const used = new Map<string, number>();
  return papers
    .map((paper) => {
      const { key, text } = formatBibtex(paper);
      const seen = used.get(key) ?? 0;
      used.set(key, seen + 1);
      if (seen === 0) return text;
      const unique = `${key}${String.fromCharCode(96 + Math.min(seen, 26))}${seen > 26 ? seen : ''}`;
      return text.replace(`@misc{${key},`, `@misc{${unique},`);
    })
    .join('\n');
}

/**
 * RIS (Zotero, Mendeley, EndNote): a record per paper, as an unpublished work (a preprint), one
 * AU line per author, fields on one line each, lines ended by CR LF as the format asks.
 */
export function toRis(papers: readonly ExportedPaper[]): string {
  const records = papers.map((paper) => {
    const fields: [string, string | null | undefined][] = [
      ['TY', 'UNPB'],
      ['TI', paper.title],
      ...paper.authors.map((author): [string, string] => ['AU', author]),
      ['PY', paper.submittedDate.slice(0, 4)],
      ['DA', paper.submittedDate.replaceAll('-', '/')],
      ['AB', paper.abstract],
      ['KW', paper.primaryCategory],
      ['DO', paper.doi],
      ['N1', paper.journalRef],
      ['AN', `arXiv:${paper.arxivId}`],
      ['DB', 'arXiv'],
      ['UR', abstractUrl(paper.arxivId)],
      ['L1', paper.pdfUrl],
    ];
    const lines = fields.flatMap(([tag, value]) => {
      const text = collapseWhitespace(value ?? '');
      return text ? [`${tag}  - ${text}`] : [];
    });
    return [...lines, 'ER  - '].join('\r\n');
  });
  return records.length > 0 ? `${records.join('\r\n\r\n')}\r\n` : '';
}

/**
 * A cell that a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return first)
 * is written with a leading apostrophe, which shows the text as it is instead of running it.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_COLUMNS = [
  'arxiv_id',
  'title',
  'authors',
  'submitted_date',
  'primary_category',
  'doi',
  'journal_ref',
  'url',
  'pdf_url',
  'bookmarked_at',
] as const;

/** CSV (RFC 4180, CR LF), a row per paper under a header; authors joined by "; ". */
export function toCsv(papers: readonly ExportedPaper[]): string {
  const rows = papers.map((paper) =>
    [
      paper.arxivId,
      collapseWhitespace(paper.title),
      paper.authors.join('; '),
      paper.submittedDate,
      paper.primaryCategory,
      paper.doi ?? '',
      paper.journalRef ?? '',
      abstractUrl(paper.arxivId),
      paper.pdfUrl,
      paper.bookmarkedAt,
    ].map(csvCell),
  );
  return `${[[...CSV_COLUMNS], ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
}

export const WRITERS: Record<ExportFormat, (papers: readonly ExportedPaper[]) => string> = {
  bib: toBibtex,
  ris: toRis,
  csv: toCsv,
};
