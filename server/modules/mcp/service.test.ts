import { describe, expect, it } from 'vitest';
import { AppError, tooManyAttempts } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { createMcpService } from './service.js';

/** A tools/call as an agent posts it, without a session: the server keeps none. */
function toolCall(name: string, args: Record<string, unknown>): [Request, unknown] {
  const request = new Request('https://digest.example/api/mcp', {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-06-18',
    },
  });
  return [request, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }];
}

function serviceFailingWith(error: Error) {
  const lines: string[] = [];
  const fail = async (): Promise<never> => {
    throw error;
  };
  const mcp = createMcpService({
    papers: { detail: fail, list: fail },
    categories: { listNames: async () => [] },
    search: { searchAsClient: fail, related: fail },
    limiter: { hit: async () => null },
    publicUrl: 'https://digest.example',
    siteName: 'Test site',
  });
  const context = { log: createLogger('info', { write: (line: string) => lines.push(line) }), clientIp: '203.0.113.1' };
  return { mcp, lines, context };
}

describe('MCP tool failures', () => {
  it('tell the agent only that something failed, and log the cause', async () => {
    const { mcp, lines, context } = serviceFailingWith(new Error('relation "papers" does not exist at /srv/db.ts:12'));
    const answer = await mcp.answer(...toolCall('get_paper', { arxiv_id_or_url: '2401.00001' }), context);
    expect(answer.status).toBe(200);
    const { result } = await answer.json();
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Something went wrong on our side.' }],
    });
    expect(lines.join('')).toContain('relation \\"papers\\" does not exist');
  });

  it('say that the service is briefly unavailable when the database is', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const { mcp, context } = serviceFailingWith(down);
    const { result } = await (await mcp.answer(...toolCall('recent_papers', {}), context)).json();
    expect(result.content[0].text).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(JSON.stringify(result)).not.toContain('10.0.0.5');
  });

  it('pass an expected failure’s own message on', async () => {
    const { mcp, context } = serviceFailingWith(new AppError(409, 'conflict', 'The paper is being rewritten.'));
    const { result } = await (await mcp.answer(...toolCall('recent_papers', {}), context)).json();
    expect(result).toMatchObject({ isError: true, content: [{ text: 'The paper is being rewritten.' }] });
  });

  it('say how long to wait when the client has searched too much', async () => {
    const { mcp, context } = serviceFailingWith(tooManyAttempts(42));
    const { result } = await (await mcp.answer(...toolCall('search_papers', { query: 'agents' }), context)).json();
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: 'Too many attempts. Please wait a moment and try again. Retry after 42 seconds.' }],
    });
  });
});
