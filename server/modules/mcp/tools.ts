import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { PaperCard } from '../../../common/papers.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { AppError, INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../errors.js';
import type { CategoriesService } from '../categories/service.js';
import type { PapersService } from '../papers/service.js';
import type { SearchService } from '../search/service.js';
import { paperDetailText, paperListText, plural, toPaperDetailResult, toPaperResult } from './presenter.js';
import {
  getPaperInput,
  paperDetailOutput,
  paperListOutput,
  recentPapersInput,
  recentPapersOutput,
  relatedPapersInput,
  searchPapersInput,
} from './schemas.js';

export interface ToolDeps {
  papers: Pick<PapersService, 'detail' | 'list'>;
  categories: Pick<CategoriesService, 'listNames'>;
  search: Pick<SearchService, 'searchAsClient' | 'related'>;
  /** The site's address, which every paper's page URL starts with. */
  publicUrl: string;
}

/** The HTTP request a tool runs in: where to log, and which client it counts against. */
export interface ToolContext {
  log: FastifyBaseLogger;
  clientIp: string;
}

/** Every tool only reads the digest, and answers the same to the same call while papers do not change. */
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

/**
 * A tool's answer as structured content (checked against its output schema) and as text: the
 * readable summary, then the same structured content as JSON for clients that read text blocks only. A
 * failure becomes a tool error the agent can read and act on: an expected one says what to change;
 * anything else says only that it failed, and is logged, so no internal detail reaches the agent.
 */
async function answer<T extends Record<string, unknown>>(
  { log }: ToolContext,
  make: () => Promise<{ text: string; structured: T }>,
): Promise<CallToolResult> {
  try {
    const { text, structured } = await make();
    return {
      content: [
        { type: 'text', text },
        { type: 'text', text: JSON.stringify(structured) },
      ],
      structuredContent: structured,
    };
  } catch (error) {
    return { content: [{ type: 'text', text: failureText(error, log) }], isError: true };
  }
}

function failureText(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof AppError) {
    const retryAfter = error.headers?.['Retry-After'];
    return retryAfter ? `${error.message} Retry after ${retryAfter} seconds.` : error.message;
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return UNAVAILABLE_MESSAGE;
  }
  log.error({ err: error }, 'MCP tool failed');
  return INTERNAL_ERROR_MESSAGE;
}

export function registerTools(server: McpServer, deps: ToolDeps, context: ToolContext): void {
  const { papers, categories, search, publicUrl } = deps;
  const results = (cards: PaperCard[]) => cards.map((card) => toPaperResult(card, publicUrl));

  /** What `find` answers for the paper, or, when the digest lacks it, an error that says how to find one. */
  async function ofKnownPaper<T>(arxivId: string, find: () => Promise<T>): Promise<T> {
    try {
      return await find();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        throw new AppError(
          404,
          'not_found',
          `The digest has no paper ${arxivId}. Find papers with search_papers or recent_papers.`,
        );
      }
      throw error;
    }
  }

  /** Refuses a category the digest does not have, listing those it has, so the agent can pick one. */
  async function requireKnownCategory(category: string | undefined): Promise<void> {
    if (category === undefined) return;
    const names = await categories.listNames();
    if (!names.includes(category)) {
      throw new AppError(
        400,
        'invalid_request',
        `The digest has no category "${category}". Its categories are: ${names.join(', ')}.`,
      );
    }
  }

  server.registerTool(
    'search_papers',
    {
      title: 'Search papers',
      description:
        'Search the digest’s arXiv papers on AI (agents, language models, reasoning, retrieval, …) by subject: the site’s own search, which matches both the meaning of the query and its exact words (model names, acronyms, authors), optionally within one category. An arXiv id or link as the query finds that paper first. Answers the best matches, most relevant first, each with its abstract and links; read one in full with get_paper.',
      inputSchema: searchPapersInput,
      outputSchema: paperListOutput,
      annotations: { title: 'Search papers', ...READ_ONLY },
    },
    ({ query, top_k, category }) =>
      answer(context, async () => {
        await requireKnownCategory(category);
        const found = results((await search.searchAsClient(context.clientIp, query, top_k, { category })).papers);
        const scope = category === undefined ? '' : ` in ${category}`;
        const heading =
          found.length === 0
            ? `No papers${scope} match "${query}". Try other words, or see the newest papers with recent_papers.`
            : `${plural(found.length, 'paper')}${scope} for "${query}", most relevant first:`;
        return { text: paperListText(heading, found), structured: { papers: found } };
      }),
  );

  server.registerTool(
    'get_paper',
    {
      title: 'Get a paper',
      description:
        'One paper of the digest by arXiv id or link: title, authors, submission date, categories, links (the page on this site, arXiv abstract and PDF), the abstract, the structured summary (one line, problem, results, takeaway, critique, methods, key terms) and, when the site has them, the summary and the abstract in Arabic.',
      inputSchema: getPaperInput,
      outputSchema: paperDetailOutput,
      annotations: { title: 'Get a paper', ...READ_ONLY },
    },
    ({ arxiv_id_or_url }) =>
      answer(context, async () => {
        const { arxivId } = arxiv_id_or_url;
        const detail = await ofKnownPaper(arxivId, () => papers.detail({ kind: 'arxiv', arxivId }));
        const paper = toPaperDetailResult(detail, publicUrl);
        return { text: paperDetailText(paper), structured: paper };
      }),
  );

  server.registerTool(
    'recent_papers',
    {
      title: 'Recent papers',
      description:
        'The newest papers of the digest, most recently submitted first, or with sort popular the most saved and commented this week first; optionally of one category. Use it to see what is new or what readers follow; use search_papers to find papers on a subject.',
      inputSchema: recentPapersInput,
      outputSchema: recentPapersOutput,
      annotations: { title: 'Recent papers', ...READ_ONLY },
    },
    ({ category, limit, sort }) =>
      answer(context, async () => {
        await requireKnownCategory(category);
        const { papers: cards, pagination } = await papers.list(1, limit, category, sort);
        const listed = cards.map((card) => ({
          ...toPaperResult(card, publicUrl),
          ...(card.thisWeek && { thisWeek: card.thisWeek }),
        }));
        const scope = category === undefined ? '' : ` in ${category}`;
        const heading =
          listed.length === 0
            ? `The digest has no papers${scope} yet.`
            : sort === 'popular'
              ? `${plural(listed.length, 'paper')}${scope}, most saved and commented this week first, then newest, of ${pagination.totalCount}:`
              : `The ${plural(listed.length, 'newest paper')}${scope}, of ${pagination.totalCount}:`;
        return {
          text: paperListText(heading, listed),
          structured: { papers: listed, category: category ?? null, sort, totalCount: pagination.totalCount },
        };
      }),
  );

  server.registerTool(
    'related_papers',
    {
      title: 'Related papers',
      description:
        'The papers of the digest most like one paper (sharing the most distinctive words of its title and abstract, joined by its nearest papers by embedding; the paper itself excluded), best first: to widen a search from a paper known to be relevant.',
      inputSchema: relatedPapersInput,
      outputSchema: paperListOutput,
      annotations: { title: 'Related papers', ...READ_ONLY },
    },
    ({ arxiv_id_or_url: { arxivId }, limit }) =>
      answer(context, async () => {
        const related = await ofKnownPaper(arxivId, () => search.related({ kind: 'arxiv', arxivId }, limit));
        const near = results(related.papers);
        const heading =
          near.length === 0
            ? `No papers related to ${arxivId} yet.`
            : `${plural(near.length, 'paper')} related to ${arxivId}, most alike first:`;
        return { text: paperListText(heading, near), structured: { papers: near } };
      }),
  );
}
