/**
 * The sections of a curated paper list's README (an "awesome" list): each Markdown heading, the
 * headings above it, and the arXiv papers linked in its section. The rules of the development set
 * (bench/search-eval/README.md), applied to the README's text alone.
 */

/** One heading of a list and the papers its section links, in the order they appear. */
export interface ListSection {
  /** The heading and the headings above it that name a topic, outermost first. */
  path: string[];
  arxivIds: string[];
}

/** A link to an arXiv paper: its abstract, PDF or HTML page (the version, if any, dropped). */
const ARXIV_LINK = /arxiv\.org\/(?:abs|pdf|html)\/(\d{4}\.\d{4,5})/gi;
const ATX_HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/** Headings that name no topic: a list's furniture, not a section of papers on something. */
const FURNITURE = new Set([
  'about',
  'abstract',
  'acknowledgement',
  'acknowledgements',
  'acknowledgment',
  'acknowledgments',
  'citation',
  'citations',
  'cite',
  'contact',
  'content',
  'contents',
  'contributing',
  'contribution',
  'contributors',
  'how to contribute',
  'introduction',
  'license',
  'news',
  'overview',
  'paper',
  'paper list',
  'papers',
  'papers list',
  'reference',
  'references',
  'star history',
  'table of contents',
  'update',
  'updates',
]);

/** Words that name no topic alone: a heading of nothing else ("Latest Papers", "Others") is furniture. */
const GENERIC_WORDS = new Set(
  'a and by conference in journal last latest list month months more new of other others paper papers published recent related resource resources taxonomy the week'.split(
    ' ',
  ),
);

const MONTHS =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december)\b/g;

/**
 * A heading's words as a reader sees them: links, images, tags, emoji and :codes:, numbering in
 * front and a count in brackets behind taken away.
 */
export function headingText(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/:[a-z0-9_+-]+:/g, ' ')
    .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\u{20E3}/gu, ' ')
    .replace(/[*_`\\]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/^(?:part|stage|level|step|chapter|section|sec)\s*\d+(?:\.\d+)*\s*[:.]?\s+/i, '')
    .replace(/^(?:\d+(?:\.\d+)*\.?|\(\d+\)|[IVX]+\.|[A-Z]\.|[A-Z]\))\s+/, '')
    .replace(/\s*\(\d+\)$/, '')
    .replace(/[\s:.-]+$/, '')
    .trim();
}

/** Whether a heading names a topic: it has words besides years, months and generic ones, and is no furniture. */
export function namesTopic(text: string): boolean {
  const lower = text.toLowerCase();
  if (FURNITURE.has(lower) || lower.startsWith('awesome')) return false;
  const words = lower
    .replace(MONTHS, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => /\p{L}{2,}/u.test(word));
  return words.some((word) => !GENERIC_WORDS.has(word));
}

/**
 * Every heading of the README with the papers of its section: the lines after it up to the next
 * heading of its level or above, so a heading holds its sub-headings' papers. Fenced blocks (a
 * citation's BibTeX) are skipped. A README's only level-1 heading is the list's title, no section.
 */
export function listSections(readme: string): ListSection[] {
  const lines = readme.split('\n');
  const headings: { line: number; level: number; text: string }[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) fenced = !fenced;
    const match = fenced ? null : ATX_HEADING.exec(line);
    if (match) headings.push({ line: i, level: (match[1] as string).length, text: headingText(match[2] as string) });
  });
  const titled = headings.filter((heading) => heading.level === 1).length === 1;
  const isSection = (heading: { level: number; text: string }) =>
    !(titled && heading.level === 1) && namesTopic(heading.text);
  const sections: ListSection[] = [];
  const open: { level: number; text: string }[] = [];
  headings.forEach((heading, k) => {
    while (open.length > 0 && (open[open.length - 1] as { level: number }).level >= heading.level) open.pop();
    open.push(heading);
    const end = headings.slice(k + 1).find((next) => next.level <= heading.level)?.line ?? lines.length;
    const arxivIds: string[] = [];
    let inFence = false;
    for (const line of lines.slice(heading.line + 1, end)) {
      if (FENCE.test(line)) inFence = !inFence;
      if (inFence) continue;
      for (const match of line.matchAll(ARXIV_LINK)) {
        const id = match[1] as string;
        if (!arxivIds.includes(id)) arxivIds.push(id);
      }
    }
    if (isSection(heading)) sections.push({ path: open.filter(isSection).map((h) => h.text), arxivIds });
  });
  return sections;
}
