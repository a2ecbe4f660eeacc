import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanProxy, startScanProxy } from './proxy.js';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
}

/** A site that records what reaches it; `/limited` answers 429 to every session but `sid=last`. */
async function startRecordingSite() {
  const received: Received[] = [];
  const server = createServer((incoming, outgoing) => {
    received.push({ url: incoming.url ?? '', headers: incoming.headers });
    if (incoming.url === '/limited' && incoming.headers.cookie !== 'sid=last') {
      outgoing.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"code":"too_many"}');
    } else if (incoming.url === '/foreign') {
      outgoing.writeHead(403, { 'content-type': 'application/json' }).end('{"code":"forbidden_origin"}');
    } else {
      outgoing.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A request to the proxy as a scanner sends it; `path` may be a whole URL, as to an HTTP proxy. */
function send(proxy: ScanProxy, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: new URL(proxy.url).port, path, method, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    // A CONNECT is answered with its own event, the tunnel's socket beside the answer.
    outgoing.on('connect', (answer, socket) => {
      socket.destroy();
      resolve(answer.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the scan proxy', () => {
  let site: Awaited<ReturnType<typeof startRecordingSite>>;
  let proxy: ScanProxy;
  beforeAll(async () => {
    site = await startRecordingSite();
    proxy = await startScanProxy(site.url);
    proxy.sessions.reader = ['sid=first', 'sid=second', 'sid=last'];
  });
  afterAll(async () => {
    await proxy.close();
    await site.close();
  });

  it('gives every request a client address of its own, and passes no scan header on', async () => {
    site.received.length = 0;
    await send(proxy, '/a', { 'x-scan-target': 'GET /a as visitor', 'x-forwarded-for': '1.2.3.4' });
    await send(proxy, '/a', { 'x-scan-target': 'GET /a as visitor' });
    const addresses = site.received.map((r) => r.headers['x-forwarded-for']);
    expect(new Set(addresses).size).toBe(2);
    expect(addresses).not.toContain('1.2.3.4');
    expect(site.received.every((r) => r.headers['x-scan-target'] === undefined)).toBe(true);
    expect(proxy.counts.get('GET /a as visitor')?.statuses).toEqual({ 200: 2 });
  });

  it('drops the Content-Type of a request without a body, and keeps that of one with a body', async () => {
    site.received.length = 0;
    await send(proxy, '/c', { 'content-type': 'application/x-www-form-urlencoded' }, 'DELETE');
    await new Promise<void>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: new URL(proxy.url).port,
          path: '/c',
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
        },
        (answer) => answer.resume().on('end', resolve),
      );
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
    expect(site.received.map((r) => r.headers['content-type'])).toEqual([undefined, 'application/json']);
  });

  it('sends a role’s request with its session, and a visitor’s with the cookie it came with', async () => {
    site.received.length = 0;
    await send(proxy, '/b', { 'x-scan-role': 'reader', cookie: 'sid=forged' });
    await send(proxy, '/b', { cookie: 'locale=ar' });
    expect(site.received.map((r) => r.headers.cookie)).toEqual(['sid=first', 'locale=ar']);
    expect(site.received[0]?.headers['x-scan-role']).toBeUndefined();
  });

  it('answers a 429 of one account by sending the request again with the role’s next accounts', async () => {
    site.received.length = 0;
    const status = await send(proxy, '/limited', { 'x-scan-role': 'reader', 'x-scan-target': 'limited as reader' });
    expect(status).toBe(200);
    expect(site.received.map((r) => r.headers.cookie)).toEqual(['sid=first', 'sid=second', 'sid=last']);
    expect(proxy.counts.get('limited as reader')).toMatchObject({ statuses: { 200: 1 }, retriedAfter429: 2 });
  });

  it('waits for the window when no other account can help, and passes the 429 on, counted, when that fails too', async () => {
    const status = await send(proxy, '/limited', { 'x-scan-target': 'limited as visitor' });
    expect(status).toBe(429);
    expect(proxy.counts.get('limited as visitor')).toMatchObject({ statuses: { 429: 1 }, retriedAfter429: 1 });
  });

  it('counts refusals of the Origin apart from the route’s own 403s', async () => {
    await send(proxy, '/foreign', { 'x-scan-target': 'foreign' }, 'POST');
    expect(proxy.counts.get('foreign')).toMatchObject({ statuses: { 403: 1 }, originRefused: 1 });
  });

  it('refuses requests for other hosts, as an HTTP proxy and as a tunnel, and records them', async () => {
    site.received.length = 0;
    expect(await send(proxy, 'http://example.org/x')).toBe(403);
    expect(await send(proxy, 'example.org:443', {}, 'CONNECT')).toBe(403);
    expect(await send(proxy, `${proxy.url}/own`)).toBe(200);
    expect(site.received.map((r) => r.url)).toEqual(['/own']);
    expect(proxy.offSite).toEqual(['GET http://example.org/x', 'CONNECT example.org:443']);
  });
});
