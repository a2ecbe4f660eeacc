import { arxivAbsUrl } from '../../../common/arxiv-id.js';
import type { ArabicSummary, PaperCard, PaperDetail } from '../../../common/papers.js';
import type { WeekActivity } from '../../../common/popularity.js';
import type { PaperDetailResult, PaperResult } from './schemas.js';

/** Characters of an abstract shown per paper in a list's text; the structured result has it whole. */
const ABSTRACT_EXCERPT = 240;
/** Authors named per paper in a list's text before "et al.". */
const AUTHORS_SHOWN = 3;

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const paperPageUrl = (publicUrl: string, arxivId: string) => `${publicUrl}/ai-digest/${arxivId}`;

export function toPaperResult(card: PaperCard, publicUrl: string): PaperResult {
  return {
    arxivId: card.arxivId,
    version: card.version,
    title: card.title,
    authors: card.authors,
    submittedDate: card.submittedDate,
    categories: card.categories.map(({ name }) => name),
    abstract: card.abstract,
    translated: card.translated,
    pageUrl: paperPageUrl(publicUrl, card.arxivId),
    absUrl: arxivAbsUrl(card.arxivId),
    pdfUrl: card.pdfUrl,
  };
}

export function toPaperDetailResult(paper: PaperDetail, publicUrl: string): PaperDetailResult {
  return {
    ...toPaperResult(paper, publicUrl),
    abstractArabic: paper.abstractTranslation,
    summary: paper.summary,
    summaryModel: paper.summaryModel,
    summaryArabic: paper.summaryAr,
  };
}

function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length).replace(/\s+\S*$/, '')}…`;
}

function authorLine(authors: string[], shown: number): string {
  return authors.length > shown ? `${authors.slice(0, shown).join(', ')} et al.` : authors.join(', ');
}

function paperHeading(paper: PaperResult, authorsShown: number): string {
  return `arXiv ${paper.arxivId}v${paper.version} · submitted ${paper.submittedDate} · ${authorLine(paper.authors, authorsShown)}`;
}

/** A list for a reader: heading, then each paper's title, id, date, authors, categories, page and opening. */
export function paperListText(heading: string, papers: (PaperResult & { thisWeek?: WeekActivity })[]): string {
  const entries = papers.map((paper, index) =>
    [
      `${index + 1}. ${paper.title}`,
      `   ${paperHeading(paper, AUTHORS_SHOWN)}`,
      paper.categories.length > 0 ? `   Categories: ${paper.categories.join(', ')}` : null,
      paper.thisWeek
        ? `   This week: ${plural(paper.thisWeek.saves, 'save')}, ${plural(paper.thisWeek.comments, 'comment')}`
        : null,
      `   ${paper.pageUrl}`,
      `   ${excerpt(paper.abstract, ABSTRACT_EXCERPT)}`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  return [heading, ...entries].join('\n\n');
}

/** A summary field that says something: the summariser writes "Null" where a field does not apply. */
const said = (value: string) => (value.trim() && value.trim() !== 'Null' ? value.trim() : null);

/** The parts of the summary the paper's page shows, in its order (the Arabic summary has the same). */
function summaryText(summary: ArabicSummary): string[] {
  const results = summary.Results.map(said).filter((result) => result !== null);
  return [
    said(summary.Paper_one_line) && `In one line: ${said(summary.Paper_one_line)}`,
    said(summary.Problem) && `Problem: ${said(summary.Problem)}`,
    results.length > 0 ? `Results:\n${results.map((result) => `- ${result}`).join('\n')}` : null,
    said(summary.Takeaway) && `Takeaway: ${said(summary.Takeaway)}`,
    said(summary.Critique) && `Critique: ${said(summary.Critique)}`,
  ].filter((part): part is string => Boolean(part));
}

export function paperDetailText(paper: PaperDetailResult): string {
  const summaryKind = paper.summary
    ? `Summary (${paper.summaryModel ? `by ${paper.summaryModel}` : 'extractive: sentences of the abstract'}):`
    : 'No summary yet.';
  return [
    [
      paper.title,
      paperHeading(paper, paper.authors.length),
      paper.categories.length > 0 ? `Categories: ${paper.categories.join(', ')}` : null,
      `Page: ${paper.pageUrl}`,
      `arXiv: ${paper.absUrl} · PDF: ${paper.pdfUrl}`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
    [summaryKind, ...(paper.summary ? summaryText(paper.summary) : [])].join('\n'),
    `Abstract:\n${paper.abstract}`,
    paper.summaryArabic ? ['Arabic summary:', ...summaryText(paper.summaryArabic)].join('\n') : null,
    paper.abstractArabic ? `Arabic abstract:\n${paper.abstractArabic}` : null,
  ]
    .filter((part) => part !== null)
    .join('\n\n');
}
