/**
 * What server rendering costs: requests/s and p99 of each public page, rendered, beside the bare app
 * shell (an account page, never rendered) in the same run, and the server's resident memory. The
 * server's CPU time per request is printed too: on a shared machine it varies less than requests/s.
 *   npm run bench:pages [-- --seconds 5 --connections 10]
 */
import { parseArgs } from 'node:util';
import { startDemoServer } from '../scripts/lib/production-server.js';
import { cpuTimeMs, measure, residentMb } from './lib/load.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const server = await startDemoServer({ LOG_LEVEL: 'warn' });
const pid = server.process.pid ?? 0;
try {
  const base = server.baseUrl;
  const [post] = (await (await fetch(`${base}/blogsFolder/en/blogs.json`)).json()) as { id: string }[];
  const { papers } = (await (await fetch(`${base}/api/papers?page=1&limit=1`)).json()) as {
    papers: { arxivId: string }[];
  };
  const pages: [string, string][] = [
    ['bare shell (/authenticate)', '/authenticate'],
    ['home', '/'],
    ['blog list', '/blogs'],
    ['blog post', `/blog/${post?.id}`],
    ['digest list', '/ai-digest'],
    // A shared search: kept like a digest page, in a small pool of searches of its own.
    ['digest search (?q=)', '/ai-digest?q=agents+that+use+tools'],
    ['paper', `/ai-digest/${papers[0]?.arxivId}`],
    ['documentation', '/documentation'],
  ];
  const startMb = residentMb(pid);
  console.log(`Pages (${seconds} s each, ${connections} connections), ${base}`);
  console.log('page'.padEnd(28), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'server CPU µs/req'.padStart(18));
  for (const [name, pagePath] of pages) {
    await measure(`${base}${pagePath}`, connections, 1); // warm-up
    const cpuBefore = cpuTimeMs(pid);
    const { rps, p99, requests } = await measure(`${base}${pagePath}`, connections, seconds);
    const cpuPerRequest = ((cpuTimeMs(pid) - cpuBefore) * 1000) / requests;
    console.log(
      name.padEnd(28),
      rps.toFixed(0).padStart(8),
      String(p99).padStart(8),
      cpuPerRequest.toFixed(0).padStart(18),
    );
  }
  console.log(`server memory (RSS): ${startMb.toFixed(0)} MB at start, ${residentMb(pid).toFixed(0)} MB after`);
} finally {
  await server.stop();
}
