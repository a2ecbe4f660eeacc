import { z } from 'zod';
import { arxivPdfUrl, parseArxivId } from '../../../common/arxiv-id.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';

/**
 * The two line formats a bulk import reads, one JSON object a line:
 * - the public arXiv metadata snapshot (`id`, `authors` as one string, `authors_parsed`, `categories`
 *   space-separated, `versions` with RFC 1123 dates, `update_date`, `comments`, `journal-ref`, `doi`);
 * - the project's own format (`arxivId`, `authors` as a list, `categories` as a list, `published`
 *   or `listedOn`, ...), which the bundled demo papers use.
 * Either becomes the ArxivPaper the arXiv client would have fetched.
 */

/** Stored as the parser names it (`math/0309136` for `math.GT/0309136`), so a lookup finds it either way. */
const arxivIdWithoutVersion = z.string().transform((id, context) => {
  const parsed = parseArxivId(id);
  if (parsed?.version === null) return parsed.arxivId;
  context.addIssue({ code: 'custom', message: 'an arXiv id without version' });
  return z.NEVER;
});
const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();
const text = z.string().transform(collapsed).pipe(z.string().min(1));
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value ? collapsed(value) || null : null));
const isoDateTime = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'a date')
  .transform((value) => new Date(value).toISOString().replace('.000Z', 'Z'));

const snapshotSchema = z.object({
  id: arxivIdWithoutVersion,
  title: text,
  abstract: text,
  authors: z.string(),
  /** [last name, first names, suffix] per author. */
  authors_parsed: z.array(z.array(z.string())).optional(),
  categories: z
    .string()
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string()).min(1)),
  versions: z.array(z.object({ version: z.string().regex(/^v[1-9]\d*$/), created: isoDateTime })).min(1),
  comments: optionalText,
  'journal-ref': optionalText,
  doi: optionalText,
});

const projectSchema = z.object({
  arxivId: arxivIdWithoutVersion,
  version: z.number().int().min(1).nullish(),
  title: text,
  abstract: text,
  authors: z.array(z.string()),
  categories: z.array(z.string().min(1)).min(1),
  primaryCategory: z.string().min(1),
  published: isoDateTime.nullish(),
  updated: isoDateTime.nullish(),
  listedOn: z.iso.date().nullish(),
  comment: optionalText,
  journalRef: optionalText,
  doi: optionalText,
  classCodes: z.array(z.string()).nullish(),
  withdrawn: z.boolean().nullish(),
});

/** A line's outcome: the paper, or why the line is skipped. */
export type RecordOutcome = { paper: ArxivPaper } | { skipped: string };

/** "Smith, J. and Doe, A." is a poor fallback; authors_parsed holds the names in parts. */
function snapshotAuthors(record: z.infer<typeof snapshotSchema>): string[] {
  if (record.authors_parsed)
    return record.authors_parsed.map(([last = '', first = '', suffix = '']) => collapsed(`${first} ${last} ${suffix}`));
  return record.authors
    .split(/,\s*|\s+and\s+/)
    .map(collapsed)
    .filter(Boolean);
}

function fromSnapshot(record: z.infer<typeof snapshotSchema>): ArxivPaper {
  const first = record.versions[0];
  const last = record.versions.at(-1);
  const version = Number(last?.version.slice(1));
  const [primaryCategory = ''] = record.categories;
  return {
    arxivId: record.id,
    version,
    title: record.title,
    abstract: record.abstract,
    authors: snapshotAuthors(record).map((name) => ({ name, affiliations: [] })),
    primaryCategory,
    categories: record.categories,
    classCodes: [],
    published: first?.created ?? '',
    updated: last?.created ?? '',
    pdfUrl: arxivPdfUrl(record.id, version),
    comment: record.comments,
    journalRef: record['journal-ref'],
    doi: record.doi,
  };
}

function fromProject(record: z.infer<typeof projectSchema>): RecordOutcome {
  if (record.withdrawn) return { skipped: 'withdrawn' };
  // Most records lack `published`; `listedOn`, the day arXiv announced the paper (one to a few days
  // after submission), is the closest date they have, so it stands in for the submitted date.
  const published = record.published ?? (record.listedOn ? `${record.listedOn}T00:00:00Z` : null);
  if (!published) return { skipped: 'neither published nor listedOn' };
  // Where the version is unknown, the first is the one surely published.
  const version = record.version ?? 1;
  return {
    paper: {
      arxivId: record.arxivId,
      version,
      title: record.title,
      abstract: record.abstract,
      authors: record.authors.map((name) => ({ name, affiliations: [] })),
      primaryCategory: record.primaryCategory,
      categories: [record.primaryCategory, ...record.categories.filter((term) => term !== record.primaryCategory)],
      // Several codes share one string (`I.2.7; H.3.3`, `68T05, 68T50`), as in arXiv's feeds.
      classCodes: (record.classCodes ?? [])
        .flatMap((codes) => codes.split(/[;,]/))
        .map((code) => code.trim())
        .filter(Boolean),
      published,
      updated: record.updated ?? published,
      pdfUrl: arxivPdfUrl(record.arxivId, version),
      comment: record.comment,
      journalRef: record.journalRef,
      doi: record.doi,
    },
  };
}

/** Reads one line of either format. */
export function readRecord(line: string): RecordOutcome {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { skipped: 'not JSON' };
  }
  const isSnapshot = typeof json === 'object' && json !== null && 'id' in json && !('arxivId' in json);
  const parsed = isSnapshot ? snapshotSchema.safeParse(json) : projectSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return { skipped: `invalid ${issue?.path.join('.') || 'record'}: ${issue?.message ?? ''}` };
  }
  return isSnapshot
    ? { paper: fromSnapshot(parsed.data as z.infer<typeof snapshotSchema>) }
    : fromProject(parsed.data as z.infer<typeof projectSchema>);
}

/** What an import reads: a paper, or a line it skips and why. */
export type ImportEntry = { paper: ArxivPaper; synthetic?: boolean } | { skipped: string; line: number };

/** The entries of a file's lines, numbered from 1; blank lines are passed over. */
export async function* importEntries(lines: AsyncIterable<string>): AsyncGenerator<ImportEntry> {
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    const outcome = readRecord(text);
    yield 'paper' in outcome ? outcome : { skipped: outcome.skipped, line };
  }
}
