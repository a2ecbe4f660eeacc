import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { openLineFile } from '../modules/ingest/read-lines.js';
import { importEntries } from '../modules/ingest/records.js';
import { createServices } from '../services.js';
import { openDatabase } from '../startup.js';
import { createImportProgress, describeCounts } from './import-progress.js';

const USAGE = `Usage: npm run import -- FILE [--processed]
  FILE         JSON lines, gzipped or not: the arXiv metadata snapshot's format or the demo papers' format
  --processed  store the papers processed, with extractive summaries, instead of queueing them`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { processed: { type: 'boolean', default: false } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(1);
}

const mode = values.processed ? 'processed' : 'queue';
const addedAs = mode === 'processed' ? 'stored' : 'queued';
const source = await openLineFile(file).catch((error: Error) => {
  console.error(`Cannot read ${file}: ${error.message}`);
  process.exit(1);
});

const config = loadConfig();
const log = createLogger('warn');
const handle = await openDatabase({ ...config, seedDemo: false }, log);
// The same services as the web and worker roles, so an import follows the same rules.
const { importer, close } = createServices({ config, handle, log });
try {
  const progress = createImportProgress(process.stdout, addedAs);
  const started = performance.now();
  const counts = await importer.importPapers(importEntries(source.lines()), {
    mode,
    onProgress: (so) => progress.update(source.bytesRead() / source.size, so),
  });
  progress.finish();
  for (const problem of counts.problems) console.log(`skipped ${problem}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const peakMegabytes = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    `Imported ${file} into the ${handle.dialect} database: ${describeCounts(counts, addedAs)}; ${seconds} s, peak memory ${peakMegabytes} MB.`,
  );
} finally {
  await close();
  await handle.close();
}
