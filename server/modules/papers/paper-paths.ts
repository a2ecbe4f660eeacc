import { z } from 'zod';
import { type PaperRef, parsePaperRef } from '../../../common/arxiv-id.js';
import { badRequest } from '../../errors.js';

/**
 * A paper is named in a path by its arXiv id or the digest's numeric id. Old-style arXiv ids hold a
 * slash, so they match either one encoded segment or two raw ones (archive, then number).
 */
export const paperPaths = [
  {
    segments: ':arxivId',
    naming: 'by arXiv id or numeric id',
    params: z.object({
      arxivId: z.string().meta({
        description:
          'A new-style arXiv id (`2312.00326`), optionally versioned (`2312.00326v2`); the numeric id of the paper in the digest (`7`); or an old-style arXiv id with its slash encoded (`math%2F9501234`).',
        examples: ['2312.00326'],
      }),
    }),
  },
  {
    segments: ':archive/:number',
    naming: 'by old-style arXiv id',
    params: z.object({
      archive: z.string().meta({
        description: 'The archive of an old-style arXiv id, with its subject class if any (`math`, `math.GT`).',
        examples: ['math'],
      }),
      number: z.string().meta({
        description: 'The seven-digit number of an old-style arXiv id, optionally versioned (`9501234v2`).',
        examples: ['9501234'],
      }),
    }),
  },
] as const;

/** The paper a path names; a malformed id is a 400 naming the field. */
export function paperRefOf(params: { arxivId: string } | { archive: string; number: string }): PaperRef {
  const id = 'arxivId' in params ? params.arxivId : `${params.archive}/${params.number}`;
  const ref = parsePaperRef(id);
  if (!ref) throw badRequest(`"${id}" is not a paper id or an arXiv id`, { arxivId: ['malformed id'] });
  return ref;
}
