import { z } from 'zod';
import { parseArxivId } from '../../../common/arxiv-id.js';
import { badRequest } from '../../errors.js';

/**
 * An arXiv id in the path of an admin route about a paper that may not be stored (queued, deleted):
 * one segment (an old-style id's slash encoded), or archive and number as two.
 */
export const arxivIdPaths = [
  {
    segments: ':arxivId',
    params: z.object({
      arxivId: z
        .string()
        .meta({ description: 'An arXiv id (`2312.00326`, `math%2F9501234`)', examples: ['2312.00326'] }),
    }),
  },
  {
    segments: ':archive/:number',
    params: z.object({
      archive: z.string().meta({ description: 'The archive of an old-style arXiv id', examples: ['math'] }),
      number: z.string().meta({ description: 'The number of an old-style arXiv id', examples: ['9501234'] }),
    }),
  },
] as const;

/** The arXiv id (without version) a path names; a malformed id is a 400 naming the field. */
export function arxivIdOf(params: { arxivId: string } | { archive: string; number: string }): string {
  const text = 'arxivId' in params ? params.arxivId : `${params.archive}/${params.number}`;
  const parsed = parseArxivId(text);
  if (!parsed) throw badRequest(`"${text}" is not an arXiv id`, { arxivId: ['malformed id'] });
  return parsed.arxivId;
}
