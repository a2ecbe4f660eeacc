import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { parseArxivId } from '../../../common/arxiv-id.js';
import { PROJECT_ROOT } from '../../paths.js';

/**
 * The demo papers, real arXiv metadata (CC0) chosen by scripts/build-seed-data.ts. Found from the
 * project root, so the compiled server in dist/ reads the same file without a copy step.
 */
export const SEED_PAPERS_FILE = `${PROJECT_ROOT}server/db/seed/papers.jsonl.gz`;

const isoDate = z.iso.date();

export const seedPaperSchema = z.object({
  arxivId: z.string().refine((id) => parseArxivId(id)?.arxivId === id, 'an arXiv id without version'),
  version: z.number().int().min(1),
  title: z.string().min(1),
  abstract: z.string().min(1),
  authors: z.array(z.string()),
  /** arXiv taxonomy terms, primary first. */
  categories: z.array(z.string().min(1)).min(1),
  primaryCategory: z.string().min(1),
  submittedDate: isoDate,
  comment: z.string().optional(),
  doi: z.string().optional(),
  journalRef: z.string().optional(),
});
export type SeedPaper = z.infer<typeof seedPaperSchema>;

/** Decompressed lines; a missing or corrupt file rejects instead of hanging, unlike a bare `pipe`. */
async function* gunzippedLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const text = createGunzip().setEncoding('utf8');
  source.on('error', (error) => text.destroy(error));
  source.pipe(text);
  let pending = '';
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      yield* parts;
    }
    yield pending;
  } finally {
    // A reader that stops early must not leave the file open.
    source.destroy();
  }
}

function parseLine(line: string, where: string): SeedPaper {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new Error(`${where}: not JSON`);
  }
  const parsed = seedPaperSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${where}: invalid seed paper: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Streams the seed file's papers, validating each line; a bad line stops with its line number. */
export async function* readSeedPapers(file: string = SEED_PAPERS_FILE): AsyncGenerator<SeedPaper> {
  let lineNumber = 0;
  for await (const line of gunzippedLines(file)) {
    lineNumber++;
    if (line.trim()) yield parseLine(line, `${file}:${lineNumber}`);
  }
}
