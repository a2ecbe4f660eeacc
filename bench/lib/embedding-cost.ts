import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs in a fresh plain-node process against the production build: model load, then every text in
 * one call. CommonJS with import(): the thread inherits the process's flags, and --input-type would
 * stop it.
 */
const SCRIPT = `(async () => {
const { createUseLiteEmbedder } = await import('./dist/server/providers/embeddings/use-lite.js');
const { readFileSync } = await import('node:fs');
const texts = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const embedder = createUseLiteEmbedder();
let started = performance.now();
await embedder.embed(['warm up']);
const loadMs = performance.now() - started;
started = performance.now();
await embedder.embed(texts);
const embedMs = performance.now() - started;
await embedder.close();
console.log(JSON.stringify({ loadMs, embedMs, peakMb: process.resourceUsage().maxRSS / 1024 }));
})();`;

export interface EmbeddingCost {
  loadMs: number;
  embedMs: number;
  /** Peak resident memory of the whole process (the thread included). */
  peakMb: number;
}

/** Time and peak memory of embedding these texts with the bundled encoder of the production build. */
export async function measureEmbedding(texts: string[]): Promise<EmbeddingCost> {
  const directory = mkdtempSync(path.join(tmpdir(), 'embedding-cost-'));
  try {
    const file = path.join(directory, 'texts.json');
    writeFileSync(file, JSON.stringify(texts));
    const { stdout } = await run(process.execPath, ['-e', SCRIPT, file], {
      maxBuffer: 1 << 20,
    });
    return JSON.parse(stdout) as EmbeddingCost;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
