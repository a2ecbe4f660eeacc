import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
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
  const mcp = createMcpService({
    papers: {
      detail: async () => {
        throw error;
      },
      list: async () => {
        throw error;
      },
    },
    categories: { listNames: async () => [] },
    limiter: { hit: async () => null },
    publicUrl: 'https://digest.example',
    siteName: 'Test site',
  });
  return { mcp, lines, log: createLogger('info', { write: (line: string) => lines.push(line) }) };
}

describe('MCP tool failures', () => {
  it('tell the agent only that something failed, and log the cause', async () => {
    const { mcp, lines, log } = serviceFailingWith(new Error('relation "papers" does not exist at /srv/db.ts:12'));
    const answer = await mcp.answer(...toolCall('get_paper', { arxiv_id_or_url: '2401.00001' }), log);
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
    const { mcp, log } = serviceFailingWith(down);
    const { result } = await (await mcp.answer(...toolCall('recent_papers', {}), log)).json();
    expect(result.content[0].text).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(JSON.stringify(result)).not.toContain('10.0.0.5');
  });

  it('pass an expected failure’s own message on', async () => {
    const { mcp, log } = serviceFailingWith(new AppError(409, 'conflict', 'The paper is being rewritten.'));
    const { result } = await (await mcp.answer(...toolCall('recent_papers', {}), log)).json();
    expect(result).toMatchObject({ isError: true, content: [{ text: 'The paper is being rewritten.' }] });
  });
});
