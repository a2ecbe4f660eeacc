/**
 * The media type of a BibTeX answer. Not registered with IANA; `text/` lets the answer carry its
 * charset (UTF-8: names keep their letters) and lets a browser show it rather than only save it.
 */
export const BIBTEX_MEDIA_TYPE = 'text/x-bibtex';
