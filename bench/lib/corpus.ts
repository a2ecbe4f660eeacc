import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { openLineFile } from '../../server/modules/ingest/read-lines.js';
import { importEntries, readRecord } from '../../server/modules/ingest/records.js';
import type { ArxivPaper } from '../../server/providers/arxiv/types.js';

/** The shared real papers, where a checkout beside the shared data finds them (as bench:import does). */
export const DEFAULT_CORPUS = fileURLToPath(new URL('../../../shared/data/arxiv/papers-ai.jsonl.gz', import.meta.url));

/** The file named, else the default; a clear stop when neither is there. */
export function corpusFile(given: string | undefined, usage: string): string {
  const file = given ?? DEFAULT_CORPUS;
  if (existsSync(file)) return file;
  console.error(
    `${given ? `No file at ${given}.` : `The real papers are not at ${DEFAULT_CORPUS}.`}\n` +
      'Pass the 42,639 arXiv papers (papers-ai.jsonl.gz of the shared arXiv data, JSON lines, gzipped or not):\n' +
      `  ${usage}`,
  );
  process.exit(1);
}

/** The papers of a JSON-lines file as the importer reads them; lines it would skip are passed over. */
export async function* corpusPapers(file: string): AsyncGenerator<ArxivPaper> {
  const source = await openLineFile(file);
  for await (const entry of importEntries(source.lines())) if ('paper' in entry) yield entry.paper;
}

/** Every paper of the file, in its order. */
export async function readCorpus(file: string): Promise<ArxivPaper[]> {
  const papers: ArxivPaper[] = [];
  for await (const paper of corpusPapers(file)) papers.push(paper);
  return papers;
}

/**
 * A copy of the file without the lines the importer skips (the shared file holds one withdrawn
 * paper), made once into `directory`: the seed reads its real papers from a file that must be valid
 * throughout.
 */
export async function validCopy(file: string, directory: string): Promise<string> {
  const copy = path.join(directory, `${path.basename(file).replace(/\.jsonl(\.gz)?$/, '')}.valid.jsonl.gz`);
  if (existsSync(copy) && statSync(copy).mtimeMs >= statSync(file).mtimeMs) return copy;
  mkdirSync(directory, { recursive: true });
  const source = await openLineFile(file);
  async function* validLines() {
    for await (const line of source.lines()) if (line.trim() && 'paper' in readRecord(line)) yield `${line}\n`;
  }
  await pipeline(Readable.from(validLines()), createGzip(), createWriteStream(`${copy}.part`));
  renameSync(`${copy}.part`, copy);
  return copy;
}
