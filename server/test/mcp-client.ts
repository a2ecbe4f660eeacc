import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from './app.js';

/** The app listening on a free local port; answers the URL of its MCP endpoint. */
export async function listenForMcp(target: TestApp): Promise<URL> {
  const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
  return new URL('/api/mcp', address);
}

/** An agent connected with the SDK's own client (initialize and its notification done). */
export async function connectAgent(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** One raw JSON-RPC request as an MCP client sends it. */
export function postMcp(url: URL, message: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
}

export const initializeMessage = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-agent', version: '1.0.0' } },
};
