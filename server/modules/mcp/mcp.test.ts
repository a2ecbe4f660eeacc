import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { connectAgent, initializeMessage, listenForMcp, postMcp } from '../../test/mcp-client.js';
import { SEARCH_LIMITS } from '../search/service.js';
import { MCP_BODY_LIMIT } from './routes.js';
import { MCP_LIMITS } from './service.js';

const PUBLIC_URL = 'https://digest.example';

describe.each(testDatabaseKinds)('MCP endpoint on $name', (kind) => {
  // One proxy hop is trusted, so each test can speak as its own client (X-Forwarded-For).
  const target = useTestApp(kind, () => ({ PUBLIC_URL, TRUST_PROXY: '1' }));
  let url: URL;
  let agent: Client;

  beforeAll(async () => {
    url = await listenForMcp(target);
    agent = await connectAgent(url);
  });
  afterAll(async () => agent?.close());

  it('introduces itself on initialize: name, version, instructions and the tools capability', () => {
    expect(agent.getServerVersion()).toMatchObject({
      name: 'ai-research-digest',
      title: 'Agentic Framework AI Research Digest',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(agent.getServerCapabilities()?.tools).toBeDefined();
    expect(agent.getInstructions()).toContain('search_papers');
  });

  it('lists its four tools, read-only, with their inputs and outputs declared', async () => {
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_paper',
      'recent_papers',
      'related_papers',
      'search_papers',
    ]);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const inputOf = (name: string) => tools.find((tool) => tool.name === name)?.inputSchema;
    expect(inputOf('search_papers')).toMatchObject({
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 2_000 },
        top_k: { type: 'integer', minimum: 1, maximum: 50, default: 9 },
      },
    });
    expect(inputOf('get_paper')).toMatchObject({
      required: ['arxiv_id_or_url'],
      properties: { arxiv_id_or_url: { type: 'string' } },
    });
    expect(inputOf('recent_papers')).toMatchObject({
      properties: { category: { type: 'string' }, limit: { type: 'integer', maximum: 50, default: 10 } },
    });
    expect(inputOf('recent_papers')?.required ?? []).not.toContain('category');
    expect(inputOf('related_papers')).toMatchObject({
      required: ['arxiv_id_or_url'],
      properties: { limit: { type: 'integer', maximum: 50 } },
    });
  });

  it('keeps no session: a request answers without one, and names none', async () => {
    const response = await postMcp(url, initializeMessage);
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.headers.get('content-type')).toContain('application/json');
    const list = await postMcp(
      url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect((await list.json()).result.tools).toHaveLength(4);
  });

  it.each(['GET', 'DELETE'])('answers %s with 405 and Allow: POST', async (method) => {
    const response = await fetch(url, { method, headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('answers a notification with 202 and no body', async () => {
    const response = await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it.each([
    ['not JSON', '{"jsonrpc": "2.0",', 400, 'invalid_request'],
    ['not a JSON-RPC message', { hello: 'world' }, 400, -32700],
    ['an unknown method', { jsonrpc: '2.0', id: 3, method: 'papers/steal' }, 200, -32601],
  ])('answers a body that is %s with an error, never a 500', async (_, body, status, code) => {
    const response = await postMcp(url, body, { 'mcp-protocol-version': '2025-06-18' });
    expect(response.status).toBe(status);
    const answer = await response.json();
    expect(typeof code === 'string' ? answer.error : answer.error.code).toBe(code);
  });

  it('refuses a body past its limit with 413 in the error shape', async () => {
    const query = 'x'.repeat(MCP_BODY_LIMIT);
    const response = await postMcp(url, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { query } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('requires the Accept header of the protocol (JSON-RPC error 406)', async () => {
    const response = await postMcp(url, initializeMessage, { accept: 'application/json' });
    expect(response.status).toBe(406);
    expect((await response.json()).jsonrpc).toBe('2.0');
  });

  it('accepts the site’s own Origin, and refuses any other, the address it was reached by included', async () => {
    expect((await postMcp(url, initializeMessage, { origin: PUBLIC_URL })).status).toBe(200);
    for (const origin of ['https://evil.example', url.origin, 'null']) {
      const response = await postMcp(url, initializeMessage, { origin });
      expect(response.status, origin).toBe(403);
      expect(await response.json(), origin).toMatchObject({ error: 'forbidden_origin' });
    }
    await expect(connectAgent(url, { origin: 'https://evil.example' })).rejects.toThrow(/forbidden_origin/);
  });

  it('limits each client, with 429 and Retry-After before the protocol runs, other clients unaffected', async () => {
    const client = { 'x-forwarded-for': '203.0.113.7' };
    const { max } = MCP_LIMITS.requestsPerClient;
    const statuses: number[] = [];
    for (let sent = 0; sent < max; sent += 1) {
      statuses.push((await postMcp(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, client)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([202]));
    const refused = await postMcp(url, initializeMessage, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
    expect((await postMcp(url, initializeMessage, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
  });

  it('counts a search through MCP against the client’s searches on the site: no way around their limit', async () => {
    const client = { 'x-forwarded-for': '203.0.113.9' };
    for (let searched = 0; searched < SEARCH_LIMITS.searchesPerClient.max; searched += 1) {
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/papers/semantic',
        headers: client,
        payload: { query: 'agents', top_k: 1 },
      });
      expect(response.statusCode).toBe(200);
    }
    const searcher = await connectAgent(url, client);
    const result = await searcher.callTool({ name: 'search_papers', arguments: { query: 'agents' } });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^Too many attempts\..* Retry after \d+ seconds\.$/) }],
    });
    // Reading papers is not searching: the other tools still answer.
    expect((await searcher.callTool({ name: 'recent_papers', arguments: {} })).isError).toBeFalsy();
    await searcher.close();
  });
});
