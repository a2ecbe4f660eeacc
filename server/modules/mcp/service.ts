import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { tooManyAttempts } from '../../errors.js';
import { clientKey } from '../../http/client-address.js';
import type { RateLimit, RateLimiter } from '../../http/rate-limiter.js';
import { PACKAGE_VERSION } from '../../package-version.js';
import { registerTools, type ToolContext, type ToolDeps } from './tools.js';

/**
 * Every request is counted per client (an IPv4 address or an IPv6 /64), whatever it carries: an
 * agent's session is a handful of requests (initialize, the list of tools, its calls), so this
 * leaves room for a busy agent and none for a flood.
 */
export const MCP_LIMITS = { requestsPerClient: { max: 60, windowMs: 60 * 1000 } } satisfies Record<string, RateLimit>;

export function createMcpService(
  deps: ToolDeps & {
    limiter: Pick<RateLimiter, 'hit'>;
    siteName: string;
  },
) {
  const { limiter, siteName, ...toolDeps } = deps;
  const instructions = [
    `The AI Research Digest of ${siteName}: arXiv papers on AI, agents and language models, each with a structured summary.`,
    'Find papers with search_papers (by subject) or recent_papers (newest first); read one with get_paper; explore its neighbourhood with related_papers.',
    'Every paper carries pageUrl, its page on the site: cite it when you mention the paper.',
  ].join(' ');

  return {
    /** Counts one request of the client at `ip`; past its limit, a 429 with the seconds to wait. */
    async admit(ip: string): Promise<void> {
      const refused = await limiter.hit([[`mcp:client:${clientKey(ip)}`, MCP_LIMITS.requestsPerClient]]);
      if (refused) throw tooManyAttempts(refused.retryAfterSeconds);
    },

    /**
     * Answers one HTTP request of the Model Context Protocol with a server of its own: nothing is
     * kept between requests, so any web process can answer any request of an agent's session.
     * Answers are single JSON bodies (the tools answer at once, so nothing needs a stream).
     */
    async answer(request: Request, body: unknown, context: ToolContext): Promise<Response> {
      const server = new McpServer(
        { name: 'ai-research-digest', title: `${siteName} AI Research Digest`, version: PACKAGE_VERSION },
        { instructions },
      );
      registerTools(server, toolDeps, context);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        return await transport.handleRequest(request, { parsedBody: body });
      } finally {
        await server.close();
      }
    },
  };
}

export type McpService = ReturnType<typeof createMcpService>;
