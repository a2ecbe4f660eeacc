import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Role } from './routes.js';
import { SCAN_ROLE_HEADER, SCAN_TARGET_HEADER } from './sqlmap.js';

type SignedInRole = Exclude<Role, 'visitor'>;

/** Answers counted by status, and how many of them were answered before the request reached the route. */
export interface TargetCounts {
  statuses: Record<string, number>;
  /** 403 for a foreign Origin: the request never reached the route. */
  originRefused: number;
  /** 429s the proxy absorbed by sending the request again with another account or later. */
  retriedAfter429: number;
}

export interface ScanProxy {
  /** `http://127.0.0.1:port`: the site's public address during the scan. */
  url: string;
  host: string;
  /** Each role's signed-in sessions (`sid=...`); requests carry the current one, the next after a 429. */
  sessions: Record<SignedInRole, string[]>;
  /** Counts by scan label (the X-Scan-Target header; `unlabelled` without one). */
  counts: Map<string, TargetCounts>;
  /** Requests for another host (wapiti goes through this proxy too): refused, never sent. */
  offSite: string[];
  close(): Promise<void>;
}

/** Headers of one hop, which a proxy does not pass on. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * A 429 for every account of the role: wait for the window once, when it ends within a minute
 * (per-minute limits; an hour's cannot be waited out). Scanners must wait longer for an answer.
 */
const MAX_WAITS_FOR_LIMIT = 1;
const MAX_WAIT_SECONDS = 65;

/**
 * The reverse proxy in front of the site during a scan, as a real one in front of many clients:
 * each request gets a fresh client address in X-Forwarded-For (the server trusts it from loopback
 * only), so per-client rate limits count each request once and the scanners see the route's own
 * answers rather than 429s. A request marked with a role is sent with that role's session; when a
 * per-account limit answers 429, the proxy sends it again with the role's next account, and waits
 * for the window when every account is at its limit. It counts answers per scan label and refuses
 * requests for any other host, so nothing of a scan leaves the machine.
 */
export async function startScanProxy(upstream: string, listenPort = 0): Promise<ScanProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let clientNumber = 0;
  const freshClientAddress = () => {
    clientNumber += 1;
    return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
  };
  const current: Record<SignedInRole, number> = { reader: 0, admin: 0 };

  const proxy: ScanProxy = {
    url: '',
    host: '',
    sessions: { reader: [], admin: [] },
    counts: new Map(),
    offSite: [],
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const countsOf = (label: string): TargetCounts => {
    let counts = proxy.counts.get(label);
    if (!counts) {
      counts = { statuses: {}, originRefused: 0, retriedAfter429: 0 };
      proxy.counts.set(label, counts);
    }
    return counts;
  };

  const send = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: target.hostname, port: target.port, method, path, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  /** Sends with the role's current session, moving on to its next account after a 429. */
  async function sendAs(
    role: SignedInRole | null,
    request: { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer },
    counts: TargetCounts,
  ) {
    const pool = role ? proxy.sessions[role] : [];
    let waits = 0;
    let accountsTried = 0;
    for (;;) {
      const session = role ? pool[current[role] % Math.max(pool.length, 1)] : undefined;
      const headers = { ...request.headers, 'x-forwarded-for': freshClientAddress() };
      const answer = await send(
        request.method,
        request.path,
        session ? { ...headers, cookie: session } : headers,
        request.body,
      );
      if (answer.status !== 429) return answer;
      accountsTried += 1;
      if (role && accountsTried < pool.length) {
        current[role] += 1;
      } else {
        const retryAfter = Number(answer.headers['retry-after']);
        const outwaitable = Number.isFinite(retryAfter) && retryAfter <= MAX_WAIT_SECONDS;
        if (!outwaitable || waits >= MAX_WAITS_FOR_LIMIT) return answer;
        waits += 1;
        accountsTried = 0;
        await sleep(retryAfter * 1000);
      }
      counts.retriedAfter429 += 1;
    }
  }

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      // An HTTP proxy's client names the whole URL; a reverse proxy's names the path only.
      const address = new URL(incoming.url ?? '/', proxy.url);
      if (address.host !== proxy.host) {
        proxy.offSite.push(`${incoming.method} ${address.href}`);
        outgoing.writeHead(403, { 'content-type': 'text/plain' }).end('The scan stays on the scanned site.');
        return;
      }
      const label = String(incoming.headers[SCAN_TARGET_HEADER] ?? 'unlabelled');
      const roleHeader = incoming.headers[SCAN_ROLE_HEADER];
      const role = roleHeader === 'reader' || roleHeader === 'admin' ? roleHeader : null;
      const body = Buffer.concat(chunks);
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (!HOP_HEADERS.has(name) && name !== SCAN_TARGET_HEADER && name !== SCAN_ROLE_HEADER) headers[name] = value;
      }
      // sqlmap gives a form's Content-Type to every request but a GET's, a DELETE without a body
      // included; a browser sends none there, and the server refuses a type it does not read (415).
      if (body.length === 0) delete headers['content-type'];
      const counts = countsOf(label);
      try {
        const request = {
          method: incoming.method ?? 'GET',
          path: `${address.pathname}${address.search}`,
          headers,
          body,
        };
        const answer = await sendAs(role, request, counts);
        counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
        if (answer.status === 403 && answer.body.includes('"forbidden_origin"')) counts.originRefused += 1;
        const passed = Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name));
        outgoing.writeHead(answer.status, Object.fromEntries(passed)).end(answer.body);
      } catch (error) {
        counts.statuses.proxyError = (counts.statuses.proxyError ?? 0) + 1;
        outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(`The site did not answer: ${error}`);
      }
    });
  });
  // HTTPS through the proxy opens a tunnel with CONNECT: never to anywhere from a scan.
  server.on('connect', (incoming, socket) => {
    proxy.offSite.push(`CONNECT ${incoming.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.host = `127.0.0.1:${port}`;
  proxy.url = `http://${proxy.host}`;
  return proxy;
}
