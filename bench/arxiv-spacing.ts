/**
 * The arXiv client's request spacing under load: 20 concurrent lookups through one client at its
 * default spacing, against a local server answering with a recorded response; prints the gaps
 * between request arrivals as the server saw them. Takes about a minute (20 requests, 3 s apart).
 *   npm run bench:arxiv [-- --callers 20]
 */
import { parseArgs } from 'node:util';
import { createArxivClient } from '../server/providers/arxiv/client.js';
import { startFakeArxiv } from '../server/test/fake-arxiv.js';

const { values } = parseArgs({ options: { callers: { type: 'string', default: '20' } } });
const callers = Number(values.callers);

const fake = await startFakeArxiv();
try {
  const client = createArxivClient({ apiUrl: fake.url });
  const started = performance.now();
  await Promise.all(Array.from({ length: callers }, () => client.fetchPaper('1111.2011')));
  const total = (performance.now() - started) / 1000;
  const arrivals = fake.requests.map((request) => request.receivedAt);
  const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? at));
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`${callers} concurrent lookups: ${fake.requests.length} requests in ${total.toFixed(1)} s`);
  console.log(
    `gaps between arrivals: min ${ms(Math.min(...gaps))}, mean ${ms(gaps.reduce((a, b) => a + b, 0) / gaps.length)}, max ${ms(Math.max(...gaps))}`,
  );
} finally {
  await fake.close();
}
