import { MAX_ROW_ID } from './row-id.js';

/**
 * arXiv identifiers: new style `2401.12345` (4 or 5 digits after the dot, since 2015) and old style
 * `math/9501234` (archive, 7 digits). Either may carry a version suffix (`v2`), which identifies a
 * revision of the same paper. Old-style ids were also written with the subject class after the
 * archive (`math.GT/0309136`); arXiv names that paper `math/0309136`, so the class is dropped and a
 * paper is stored and found under one id however it was typed.
 */
const NEW_STYLE = /^(\d{4}\.\d{4,5})(?:v([1-9]\d*))?$/;
const OLD_STYLE = /^([a-z][a-z-]*)(?:\.[A-Z]{2})?\/(\d{7})(?:v([1-9]\d*))?$/;

export interface ParsedArxivId {
  /** The id without its version (and an old-style id without its subject class), as papers are stored. */
  arxivId: string;
  version: number | null;
}

export function parseArxivId(input: string): ParsedArxivId | null {
  const text = input.trim();
  const newStyle = NEW_STYLE.exec(text);
  if (newStyle?.[1]) return { arxivId: newStyle[1], version: versionOf(newStyle[2]) };
  const oldStyle = OLD_STYLE.exec(text);
  if (oldStyle?.[1] && oldStyle[2])
    return { arxivId: `${oldStyle[1]}/${oldStyle[2]}`, version: versionOf(oldStyle[3]) };
  return null;
}

const versionOf = (digits: string | undefined) => (digits ? Number(digits) : null);

/** Why an admin's input names no paper: nothing typed, or something that is neither an id nor an arxiv.org link. */
export type ArxivInputProblem = 'empty' | 'unrecognised';

export type ParsedArxivInput =
  | ({ ok: true } & ParsedArxivId)
  | { ok: false; problem: ArxivInputProblem; message: string };

/**
 * The paper pages of arxiv.org and its mirrors www. and export.: `/abs/ID`, `/pdf/ID` (optionally
 * `.pdf`), `/html/ID`, `/format/ID`, with or without http(s)://, a trailing slash, a query or a fragment.
 */
const ARXIV_URL =
  /^(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf|html|format)\/(.+?)(?:\.pdf)?\/?(?:[?#].*)?$/i;
/** How papers cite an id: `arXiv:2401.12345`, `arXiv:hep-th/9901001v2`. */
const ARXIV_PREFIX = /^arxiv:\s*/i;

/** Stable error codes of a scrape's arXiv lookup, which the web client maps to texts. */
export const ARXIV_ERRORS = {
  /** Neither an arXiv id nor a link to a paper on arxiv.org, or an id arXiv refused. */
  invalidId: 'invalid_arxiv_id',
  notFound: 'arxiv_not_found',
  /** arXiv answered with an error, or with a feed that cannot be read. */
  apiError: 'arxiv_error',
  /** arXiv did not answer in time, or is busy. */
  unavailable: 'arxiv_unavailable',
  /** This server cannot connect to arXiv at all (DNS failure, connection refused). */
  unreachable: 'arxiv_unreachable',
} as const;

const UNRECOGNISED =
  'Not an arXiv paper: enter an id such as 2401.12345, 2401.12345v2 or hep-th/9901001, or an abs, pdf or html link of arxiv.org';

/**
 * What an admin pastes to name a paper: an id (new or old style, with or without a version, with or
 * without `arXiv:`) or a paper's link on arxiv.org (see ARXIV_URL). Refused input gets a message to
 * show as it is, so nothing is sent to arXiv for it.
 */
export function parseArxivInput(input: string): ParsedArxivInput {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'empty', message: 'Please enter a paper ID or URL' };
  const id = ARXIV_URL.exec(text)?.[1] ?? text.replace(ARXIV_PREFIX, '');
  const parsed = parseArxivId(id);
  return parsed ? { ok: true, ...parsed } : { ok: false, problem: 'unrecognised', message: UNRECOGNISED };
}

/** An arXiv taxonomy term: an archive, optionally with a subject class (`cs.AI`, `hep-th`, `cond-mat.str-el`). */
const ARXIV_CATEGORY = /^[a-z]+(?:-[a-z]+)*(?:\.[A-Za-z]+(?:-[a-z]+)*)?$/;

export function isArxivCategory(term: string): boolean {
  return ARXIV_CATEGORY.test(term);
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

export function arxivAbsUrl(arxivId: string, version?: number | null): string {
  return `https://arxiv.org/abs/${arxivId}${version ? `v${version}` : ''}`;
}
