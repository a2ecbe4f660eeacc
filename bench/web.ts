/**
 * Lighthouse (mobile) against the production build: performance, accessibility, best practices and
 * SEO of the home page, blog list, a blog post and the digest list. Target: at least 95 in each.
 *   npm run bench:web [-- --runs 1]
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from '../scripts/lib/production-server.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const runs = Math.max(1, Number(values.runs));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The audits behind the performance score, printed so a low score says where the time goes. */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['speed-index', 'SI'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

const server = await startDemoServer({ LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
try {
  const post = (await (await fetch(`${server.baseUrl}/blogsFolder/en/blogs.json`)).json())[0];
  const pages: [string, string][] = [
    ['home', '/'],
    ['blog list', '/blogs'],
    ['blog post', `/blog/${post.id}`],
    ['digest list', '/ai-digest'],
  ];
  console.log(`Lighthouse ${runs > 1 ? `median of ${runs} runs, ` : ''}mobile, ${server.baseUrl}`);
  console.log('page'.padEnd(14), ...CATEGORIES.map((c) => c.padStart(15)));
  let allPass = true;
  for (const [name, pagePath] of pages) {
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, string[]> = {};
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${server.baseUrl}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      // A run Lighthouse could not complete (seen now and then on the first page) is left out of the median.
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError || typeof lhr.categories.performance?.score !== 'number') {
        console.warn(`${name}, run ${run + 1} left out: ${lhr?.runtimeError?.message ?? 'no performance score'}`);
        continue;
      }
      for (const category of CATEGORIES) {
        const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
        scores[category] = [...(scores[category] ?? []), score];
      }
      for (const [audit] of METRICS) {
        metrics[audit] = [...(metrics[audit] ?? []), lhr.audits[audit]?.displayValue ?? '?'];
      }
    }
    const medians = CATEGORIES.map((category) => {
      const sorted = [...(scores[category] ?? [])].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    });
    allPass &&= medians.every((score) => score >= 95);
    console.log(name.padEnd(14), ...medians.map((score) => String(score).padStart(15)));
    console.log(
      ''.padEnd(14),
      METRICS.map(([audit, label]) => `${label} ${(metrics[audit] ?? []).join('/')}`).join('  '),
    );
  }
  console.log(allPass ? 'All scores are at least 95.' : 'Some scores are below the target of 95.');
} finally {
  await chrome.kill();
  await server.stop();
}
