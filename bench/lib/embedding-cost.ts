import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs in a fresh node process under tsx (no build needed): the bundled encoder loads its model on
 * every background thread, then embeds the texts in requests of `batch` papers one after another,
 * as the background embedder does, for `seconds`. CommonJS with import(): --input-type would reach
 * the threads, which inherit the process's flags.
 */
const SCRIPT = `(async () => {
const { createUseLiteEmbedder } = await import('./server/providers/embeddings/use-lite.ts');
const { readFileSync } = await import('node:fs');
const { texts, threads, callSize, batch, seconds } = JSON.parse(readFileSync(process.argv[1], 'utf8'));
const embedder = createUseLiteEmbedder({ threads, backgroundCallSize: callSize });
let started = performance.now();
await embedder.embed(Array(threads * callSize).fill('warm up'));
const loadMs = performance.now() - started;
started = performance.now();
let done = 0;
while (performance.now() - started < seconds * 1000) {
  const start = done % texts.length;
  const request = texts.slice(start, start + batch);
  await embedder.embed(request);
  done += request.length;
}
const papersPerMinute = done / ((performance.now() - started) / 60000);
await embedder.close();
console.log(JSON.stringify({ loadMs, papersPerMinute, peakMb: process.resourceUsage().maxRSS / 1024 }));
})();`;

export interface EmbeddingSetup {
  /** Background threads of the encoder (EMBEDDING_THREADS). */
  threads: number;
  /** Texts in one call to a thread. */
  callSize: number;
  /** Papers in one request to the embedder, as the background embedder's batch. */
  batch: number;
  seconds: number;
}

export interface EmbeddingRate {
  /** Until every thread had its model. */
  loadMs: number;
  papersPerMinute: number;
  /** Peak resident memory of the whole process, its threads included. */
  peakMb: number;
}

/** Papers a minute the bundled encoder embeds of these texts (each a paper's), in a process of its own. */
export async function measureEmbeddingRate(texts: string[], setup: EmbeddingSetup): Promise<EmbeddingRate> {
  const directory = mkdtempSync(path.join(tmpdir(), 'embedding-rate-'));
  try {
    const file = path.join(directory, 'setup.json');
    writeFileSync(file, JSON.stringify({ texts, ...setup }));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', SCRIPT, file], {
      maxBuffer: 1 << 20,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as EmbeddingRate;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
