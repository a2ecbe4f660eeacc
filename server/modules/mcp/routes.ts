import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/errors.js';
import { AppError } from '../../errors.js';
import { publicOriginOnly } from '../../http/origin-check.js';
import { MCP_LIMITS, type McpService } from './service.js';

/** A tool call is a few hundred bytes; an initialize message with a client's capabilities a few KB. */
export const MCP_BODY_LIMIT = 64 * 1024;

/** The request headers the protocol reads; the body goes over parsed. */
const PROTOCOL_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

/** The request as the SDK's web-standard transport takes it, addressed by the public URL (never the sent Host). */
function protocolRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const name of PROTOCOL_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers });
}

const DESCRIPTION = [
  'The Model Context Protocol over streamable HTTP, for AI agents: tools `search_papers`, `get_paper`, `recent_papers` and `related_papers`.',
  'A body is one JSON-RPC message; send `Accept: application/json, text/event-stream`. Answers are single JSON bodies (202 without a body for a notification).',
  'Stateless: no session id is given, and any request may follow any other. No sign-in. A page of another site (any Origin but the site’s own) is refused.',
  'Failures of the protocol itself (a message that is not JSON-RPC, a missing Accept) answer a JSON-RPC error; a tool’s failure is a result with `isError`.',
].join(' ');

const jsonRpc = (description: string) => z.unknown().describe(description);

export const mcpRoutes: FastifyPluginAsyncZod<{ mcp: McpService; publicUrl: string }> = async (
  app,
  { mcp, publicUrl },
) => {
  app.post(
    '/mcp',
    {
      bodyLimit: MCP_BODY_LIMIT,
      // Refused requests are answered before their body is read.
      onRequest: [publicOriginOnly(publicUrl), async (request) => mcp.admit(request.ip)],
      schema: {
        summary: 'Model Context Protocol endpoint for agents',
        description: `${DESCRIPTION} 429 after ${MCP_LIMITS.requestsPerClient.max} requests a minute from one client.`,
        body: jsonRpc('A JSON-RPC 2.0 request or notification of the Model Context Protocol.'),
        response: {
          200: jsonRpc('The JSON-RPC response.'),
          403: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await mcp.answer(protocolRequest(request, publicUrl), request.body, {
        log: request.log,
        clientIp: request.ip,
      });
      // The SDK's own statuses pass through: 202 for a notification, 4xx with a JSON-RPC error.
      reply.status(answer.status as 200).headers(Object.fromEntries(answer.headers));
      return reply.send(answer.body === null ? undefined : await answer.text());
    },
  );

  // A stateless server offers no stream of its own (GET) and has no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    schema: {
      summary: 'Not offered: the MCP endpoint answers POST only',
      response: { 405: apiErrorSchema },
    },
    handler: async () => {
      throw new AppError(
        405,
        'method_not_allowed',
        'This MCP server is stateless: send every message by POST.',
        undefined,
        {
          Allow: 'POST',
        },
      );
    },
  });
};
