import { MAX_ROW_ID } from './row-id.js';

/**
 * arXiv identifiers: new style `2401.12345` (4 or 5 digits after the dot, since 2015) and old style
 * `math/9501234` or `math.GT/0309136` (archive, optional subject class, 7 digits). Either may carry a
 * version suffix (`v2`), which identifies a revision of the same paper.
 */
const NEW_STYLE = /^(\d{4}\.\d{4,5})(?:v(\d+))?$/;
const OLD_STYLE = /^([a-z][a-z-]*(?:\.[A-Z]{2})?\/\d{7})(?:v(\d+))?$/;

export interface ParsedArxivId {
  /** The id without its version, as papers are stored. */
  arxivId: string;
  version: number | null;
}

export function parseArxivId(input: string): ParsedArxivId | null {
  const text = input.trim();
  const match = NEW_STYLE.exec(text) ?? OLD_STYLE.exec(text);
  if (!match?.[1]) return null;
  return { arxivId: match[1], version: match[2] ? Number(match[2]) : null };
}

/** A paper reference in a URL: the numeric internal id, or an arXiv id. */
export type PaperRef = { kind: 'id'; id: number } | { kind: 'arxiv'; arxivId: string };

/** Null for anything else, a number beyond the id range included: no paper can have it. */
export function parsePaperRef(input: string): PaperRef | null {
  if (/^[1-9]\d*$/.test(input)) {
    const id = Number(input);
    return id <= MAX_ROW_ID ? { kind: 'id', id } : null;
  }
  const parsed = parseArxivId(input);
  return parsed ? { kind: 'arxiv', arxivId: parsed.arxivId } : null;
}

export function arxivPdfUrl(arxivId: string, version?: number | null): string {
  return `https://arxiv.org/pdf/${arxivId}${version ? `v${version}` : ''}`;
}
