import { queryOptions } from '@tanstack/react-query';
import { BIBTEX_MEDIA_TYPE } from '../../../common/citations.js';
import { API_BASE, apiGetText, encodePathId } from '../../lib/api-client.js';

/** Query keys of the citations feature. */
export const citationKeys = {
  all: ['citations'] as const,
  bibtex: (arxivId: string) => [...citationKeys.all, 'bibtex', arxivId] as const,
};

const bibtexPath = (arxivId: string) => `/papers/${encodePathId(arxivId)}/bibtex`;

/** The entry as a file: the server names it after the citation key. */
export function bibtexUrl(arxivId: string): string {
  return `${API_BASE}${bibtexPath(arxivId)}`;
}

export function bibtexQueryOptions(arxivId: string) {
  return queryOptions({
    queryKey: citationKeys.bibtex(arxivId),
    queryFn: ({ signal }) => apiGetText(bibtexPath(arxivId), BIBTEX_MEDIA_TYPE, signal),
  });
}
