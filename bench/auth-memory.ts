/**
 * What sign-in costs the server in memory: the peak resident memory during a burst of concurrent
 * sign-ins (each hashes a password), then its resident memory before and after a run of logins and
 * forgot-password requests, each with a fresh ~1 MB email address.
 *   npm run bench:auth-memory [-- --requests 150 --kilobytes 1000 --burst 20]
 */
import { parseArgs } from 'node:util';
import { startDemoServer } from '../scripts/lib/production-server.js';
import { residentMb } from './lib/load.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '150' },
    kilobytes: { type: 'string', default: '1000' },
    burst: { type: 'string', default: '20' },
  },
});
const burst = Number(values.burst);
const requests = Number(values.requests);
const emailBytes = Number(values.kilobytes) * 1000;

/** A different address each time, so that no two requests share a rate-limit key. */
const hugeEmail = (index: number) => `${String(index).padStart(8, '0')}${'x'.repeat(emailBytes)}@example.org`;

const server = await startDemoServer({ LOG_LEVEL: 'warn' });
const pid = server.process.pid ?? 0;
try {
  async function send(path: string, body: (index: number) => object): Promise<string> {
    const statuses = new Map<number, number>();
    for (let index = 0; index < requests; index++) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(index)),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    return [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  }

  /** Logins all at once (within the per-client limit of 20), sampling memory until the last answers. */
  async function peakDuringBurst(): Promise<number> {
    let peakMb = residentMb(pid);
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, residentMb(pid));
    }, 10);
    await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `reader${index}@example.org`, password: 'a password' }),
        }).then((response) => response.arrayBuffer()),
      ),
    );
    clearInterval(sampler);
    return peakMb;
  }

  const idleMb = residentMb(pid);
  const peakMb = await peakDuringBurst();
  console.log(
    `${burst} concurrent sign-ins: RSS ${idleMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at most during`,
  );
  console.log(`${requests} requests per route, each with a fresh ${(emailBytes / 1e6).toFixed(1)} MB email`);
  const startMb = residentMb(pid);
  console.log('server memory (RSS) before:'.padEnd(50), `${startMb.toFixed(0)} MB`);
  const logins = await send('/api/auth/login', (i) => ({ email: hugeEmail(i), password: 'not the password' }));
  console.log(`after ${requests} logins (${logins}):`.padEnd(50), `${residentMb(pid).toFixed(0)} MB`);
  const resets = await send('/api/auth/forgot-password', (i) => ({ email: hugeEmail(requests + i) }));
  console.log(`after ${requests} forgot-password (${resets}):`.padEnd(50), `${residentMb(pid).toFixed(0)} MB`);
} finally {
  await server.stop();
}
