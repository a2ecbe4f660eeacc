import { parseArxivInput } from '../../common/arxiv-id.js';
import { type ArxivClient, ArxivError, type ArxivPaper } from '../providers/arxiv/types.js';

/** A paper as the arXiv client answers it; fields not given take plain values. */
export function arxivPaper(arxivId: string, fields: Partial<ArxivPaper> = {}): ArxivPaper {
  const version = fields.version ?? 1;
  return {
    arxivId,
    version,
    title: `Agents that plan: ${arxivId}`,
    abstract:
      'Large language model agents often fail on long tasks. We propose a planning agent that decomposes tasks into steps. Experiments show it improves success rates by 12% over strong baselines.',
    authors: [{ name: 'A. Author', affiliations: ['Example University'] }],
    primaryCategory: 'cs.AI',
    categories: ['cs.AI', 'cs.CL'],
    classCodes: [],
    published: '2024-01-15T10:00:00Z',
    updated: '2024-01-15T10:00:00Z',
    pdfUrl: `https://arxiv.org/pdf/${arxivId}v${version}`,
    comment: null,
    journalRef: null,
    doi: null,
    ...fields,
  };
}

/**
 * An arXiv client answering from `papers`, recording the ids it was asked for. Like the real one it
 * takes what an admin pastes (an id, with or without version, or an arxiv.org link).
 */
export function fakeArxivClient(papers: ArxivPaper[] = []) {
  const known = new Map(papers.map((paper) => [paper.arxivId, paper]));
  const asked: string[] = [];
  const client: ArxivClient = {
    async fetchPaper(input) {
      const parsed = parseArxivInput(input);
      if (!parsed.ok) throw new ArxivError('invalid_id', parsed.message);
      asked.push(parsed.arxivId);
      const paper = known.get(parsed.arxivId);
      if (!paper) throw new ArxivError('not_found', `arXiv has no paper ${parsed.arxivId}`);
      return paper;
    },
    async fetchNewest() {
      return [...known.values()];
    },
  };
  return { client, asked, publish: (paper: ArxivPaper) => known.set(paper.arxivId, paper) };
}
