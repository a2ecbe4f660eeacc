import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { ParsedArxivId } from '../../../common/arxiv-id.js';
import type { PaperDetail } from '../../../common/papers.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { AppError, INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../errors.js';
import type { CategoriesService } from '../categories/service.js';
import type { PapersService } from '../papers/service.js';
import { paperDetailText, paperListText, toPaperDetailResult, toPaperResult } from './presenter.js';
import { getPaperInput, paperDetailOutput, recentPapersInput, recentPapersOutput } from './schemas.js';

export interface ToolDeps {
  papers: Pick<PapersService, 'detail' | 'list'>;
  categories: Pick<CategoriesService, 'listNames'>;
  /** The site's address, which every paper's page URL starts with. */
  publicUrl: string;
}

/** Every tool only reads the digest, and answers the same to the same call while papers do not change. */
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

/**
 * A tool's answer as both structured content (checked against its output schema) and text. A
 * failure becomes a tool error the agent can read and act on: an expected one says what to change;
 * anything else says only that it failed, and is logged, so no internal detail reaches the agent.
 */
async function answer<T extends Record<string, unknown>>(
  log: FastifyBaseLogger,
  make: () => Promise<{ text: string; structured: T }>,
): Promise<CallToolResult> {
  try {
    const { text, structured } = await make();
    return { content: [{ type: 'text', text }], structuredContent: structured };
  } catch (error) {
    return { content: [{ type: 'text', text: failureText(error, log) }], isError: true };
  }
}

function failureText(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof AppError) return error.message;
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return UNAVAILABLE_MESSAGE;
  }
  log.error({ err: error }, 'MCP tool failed');
  return INTERNAL_ERROR_MESSAGE;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function registerTools(server: McpServer, deps: ToolDeps, log: FastifyBaseLogger): void {
  const { papers, categories, publicUrl } = deps;

  /** The digest's paper, or an error that tells the agent how to find one. */
  async function findPaper({ arxivId }: ParsedArxivId): Promise<PaperDetail> {
    try {
      return await papers.detail({ kind: 'arxiv', arxivId });
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

  server.registerTool(
    'get_paper',
    {
      title: 'Get a paper',
      description:
        'One paper of the digest by arXiv id or link: title, authors, submission date, categories, links (the page on this site, arXiv abstract and PDF), the abstract, the structured summary (one line, problem, results, takeaway, critique, methods, key terms) and the Arabic abstract when the site has translated it.',
      inputSchema: getPaperInput,
      outputSchema: paperDetailOutput,
      annotations: { title: 'Get a paper', ...READ_ONLY },
    },
    ({ arxiv_id_or_url }) =>
      answer(log, async () => {
        const paper = toPaperDetailResult(await findPaper(arxiv_id_or_url), publicUrl);
        return { text: paperDetailText(paper), structured: paper };
      }),
  );

  server.registerTool(
    'recent_papers',
    {
      title: 'Recent papers',
      description:
        'The newest papers of the digest, most recently submitted first, optionally of one category. Use it to see what is new; use search_papers to find papers on a subject.',
      inputSchema: recentPapersInput,
      outputSchema: recentPapersOutput,
      annotations: { title: 'Recent papers', ...READ_ONLY },
    },
    ({ category, limit }) =>
      answer(log, async () => {
        if (category !== undefined) {
          const names = await categories.listNames();
          if (!names.includes(category)) {
            throw new AppError(
              400,
              'invalid_request',
              `The digest has no category "${category}". Its categories are: ${names.join(', ')}.`,
            );
          }
        }
        const { papers: cards, pagination } = await papers.list(1, limit, category);
        const results = cards.map((card) => toPaperResult(card, publicUrl));
        const scope = category === undefined ? '' : ` in ${category}`;
        const heading =
          results.length === 0
            ? `The digest has no papers${scope} yet.`
            : `The ${plural(results.length, 'newest paper')}${scope}, of ${pagination.totalCount}:`;
        return {
          text: paperListText(heading, results),
          structured: { papers: results, category: category ?? null, totalCount: pagination.totalCount },
        };
      }),
  );
}
