import { XMLParser } from 'fast-xml-parser';
import { arxivPdfUrl, isArxivCategory, parseArxivId } from '../../../common/arxiv-id.js';
import { httpLinkSchema } from '../../../common/papers.js';
import { ArxivError, type ArxivPaper } from './types.js';

/**
 * Reads the export API's Atom feeds in both wire formats it has used: the classic one (http links,
 * namespaces declared on each element, offsets such as -04:00 in dates) and the current one (https
 * links, namespaces on the feed, elements in another order). Both carry the same elements once the
 * namespace prefixes are dropped.
 */
const REPEATED = new Set(['feed.entry', 'feed.entry.author', 'feed.entry.link', 'feed.entry.category']);
const REPEATED_IN_AUTHOR = 'feed.entry.author.affiliation';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  // Titles such as "0" stay text.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, jPath) => REPEATED.has(String(jPath)) || String(jPath) === REPEATED_IN_AUTHOR,
});

type XmlValue = string | { '#text'?: string; [attribute: string]: unknown } | undefined;

interface AtomEntry {
  id?: XmlValue;
  title?: XmlValue;
  summary?: XmlValue;
  published?: XmlValue;
  updated?: XmlValue;
  author?: { name?: XmlValue; affiliation?: XmlValue[] }[];
  link?: { href?: string; rel?: string; title?: string; type?: string }[];
  category?: { term?: string }[];
  primary_category?: { term?: string };
  comment?: XmlValue;
  journal_ref?: XmlValue;
  doi?: XmlValue;
}

/** An element's text, whitespace collapsed, as arXiv wraps long titles and abstracts over lines. */
function text(value: XmlValue): string {
  const raw = typeof value === 'object' ? value['#text'] : value;
  return (raw ?? '').replace(/\s+/g, ' ').trim();
}

const optionalText = (value: XmlValue) => text(value) || null;

/**
 * The entry's category terms split into arXiv categories (primary first) and ACM/MSC class codes,
 * which older feeds list among the categories, several to a term (`I.2.7; H.3.3`, `68T05, 68T50`).
 */
export function splitCategoryTerms(primary: string, terms: string[]): { categories: string[]; classCodes: string[] } {
  const categories = new Set(primary ? [primary] : []);
  const classCodes = new Set<string>();
  for (const term of terms.flatMap((t) => t.split(/[;,]/)).map((t) => t.trim())) {
    if (isArxivCategory(term)) categories.add(term);
    else if (term) classCodes.add(term);
  }
  return { categories: [...categories], classCodes: [...classCodes] };
}

/** ISO-8601 in UTC, whatever offset the feed wrote. */
function isoDate(value: XmlValue, field: string, entryId: string): string {
  const date = new Date(text(value));
  if (Number.isNaN(date.getTime())) throw malformed(`its entry ${entryId} has no valid ${field} date`);
  return date.toISOString().replace('.000Z', 'Z');
}

const malformed = (why: string) => new ArxivError('api_error', `arXiv sent a feed that cannot be read: ${why}`);

/** The id and version in an abs URL (`http://arxiv.org/abs/hep-ex/0307015v1`). */
function idInAbsUrl(url: string) {
  const path = /\/abs\/(.+)$/.exec(url)?.[1];
  return path ? parseArxivId(path) : null;
}

function toPaper(entry: AtomEntry): ArxivPaper {
  const entryId = text(entry.id);
  const links = entry.link ?? [];
  const parsed = idInAbsUrl(entryId);
  if (!parsed) throw malformed(`an entry has the id "${entryId}"`);
  // The classic format leaves the version off some entry ids; the abs link always carries it.
  const alternate = links.find((link) => link.rel === 'alternate')?.href;
  const version = parsed.version ?? (alternate ? idInAbsUrl(alternate)?.version : null) ?? 1;
  const title = text(entry.title);
  const abstract = text(entry.summary);
  if (!title || !abstract) throw malformed(`its entry ${entryId} has no title or no abstract`);
  const terms = (entry.category ?? []).map((category) => category.term ?? '');
  const { categories, classCodes } = splitCategoryTerms(entry.primary_category?.term?.trim() ?? '', terms);
  const primaryCategory = categories[0];
  if (!primaryCategory) throw malformed(`its entry ${entryId} has no category`);
  const pdfLink = links.find((link) => link.title === 'pdf' || link.type === 'application/pdf')?.href;
  // Classic feeds link over http; the site embeds the PDF in https pages. A link that is no web link
  // is not put in an href: the paper's PDF on arXiv stands in for it.
  const pdfUrl = httpLinkSchema.safeParse(pdfLink?.replace(/^http:\/\//, 'https://'));
  return {
    arxivId: parsed.arxivId,
    version,
    title,
    abstract,
    authors: (entry.author ?? []).map((author) => ({
      name: text(author.name),
      affiliations: (author.affiliation ?? []).map(text).filter(Boolean),
    })),
    primaryCategory,
    categories,
    classCodes,
    published: isoDate(entry.published, 'published', entryId),
    updated: isoDate(entry.updated ?? entry.published, 'updated', entryId),
    pdfUrl: pdfUrl.success ? pdfUrl.data : arxivPdfUrl(parsed.arxivId, version),
    comment: optionalText(entry.comment),
    journalRef: optionalText(entry.journal_ref),
    doi: optionalText(entry.doi),
  };
}

/** An entry that reports an error instead of a paper: its id points into arXiv's error pages. */
const isErrorEntry = (entry: AtomEntry) => /\/api\/errors\b/.test(text(entry.id));

export type AtomFeed = { kind: 'papers'; papers: ArxivPaper[] } | { kind: 'error'; message: string };

/** A feed's papers, or the error it reports; throws ArxivError('api_error') for what is not a feed. */
export function readAtomFeed(xml: string): AtomFeed {
  let document: { feed?: { entry?: AtomEntry[] } | string };
  try {
    document = parser.parse(xml);
  } catch {
    throw malformed('it is not XML');
  }
  const feed = document.feed;
  if (feed === undefined) throw malformed('it has no Atom feed element');
  const entries = typeof feed === 'object' ? (feed.entry ?? []) : [];
  const error = entries.find(isErrorEntry);
  if (error) return { kind: 'error', message: text(error.summary) || 'unknown error' };
  return { kind: 'papers', papers: entries.map(toPaper) };
}
