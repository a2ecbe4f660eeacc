/**
 * What oversized sign-in and reset requests cost the server: its resident memory before and after
 * a run of logins and forgot-password requests, each with a fresh ~1 MB email address.
 *   npm run bench:auth-memory [-- --requests 150 --kilobytes 1000]
 */
import { parseArgs } from 'node:util';
import { startDemoServer } from '../scripts/lib/production-server.js';
import { residentMb } from './lib/load.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '150' }, kilobytes: { type: 'string', default: '1000' } },
});
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

  console.log(`${requests} requests per route, each with a fresh ${(emailBytes / 1e6).toFixed(1)} MB email`);
  const startMb = residentMb(pid);
  console.log('server memory (RSS) at start:'.padEnd(50), `${startMb.toFixed(0)} MB`);
  const logins = await send('/api/auth/login', (i) => ({ email: hugeEmail(i), password: 'not the password' }));
  console.log(`after ${requests} logins (${logins}):`.padEnd(50), `${residentMb(pid).toFixed(0)} MB`);
  const resets = await send('/api/auth/forgot-password', (i) => ({ email: hugeEmail(requests + i) }));
  console.log(`after ${requests} forgot-password (${resets}):`.padEnd(50), `${residentMb(pid).toFixed(0)} MB`);
} finally {
  await server.stop();
}
