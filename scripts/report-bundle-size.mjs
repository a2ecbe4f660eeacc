// Prints the gzipped JavaScript a visitor downloads before a public route can render: the entry chunk,
// the app it loads (web/boot.ts imports web/main.tsx), the route's lazy chunk and everything they
// import statically. Budget: 137 KB, under the 150 KB limit so that what comes next has room (ADR 0033).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 137;
const ROUTES = {
  '/ai-digest': 'routes/ai-digest.tsx',
  '/ai-digest/{arxivId}': 'routes/paper.tsx',
  '/': 'routes/home.tsx',
};
const dist = 'dist/web';
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(`${dist}/${file}`), { level: 9 }).length / 1024;
let over = false;
for (const [route, module] of Object.entries(ROUTES)) {
  if (!manifest[module]) throw new Error(`route module ${module} is not in the build manifest`);
  const entry = collect('index.html');
  for (const app of manifest['index.html'].dynamicImports ?? []) collect(app, entry);
  const files = collect(module, entry);
  const total = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
  over ||= total > BUDGET_KB;
  console.log(`initial JS of ${route}: ${total.toFixed(1)} KB gzipped in ${files.size} files (budget ${BUDGET_KB} KB)`);
}
if (over) {
  // The build fails, so a change that breaks the budget is caught where it is made.
  console.error(`A public route's initial JS is over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
