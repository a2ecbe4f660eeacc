import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { TextThreadInput } from './text-thread.js';

export interface PdfTextSettings {
  /** Where PDFs are fetched: `${baseUrl}/${arxivId}v${version}`, as on arxiv.org/pdf. */
  baseUrl: string;
  /** Longest wait for the download, then for the parse: a paper without its PDF is summarised from its abstract. */
  timeoutMs: number;
  /** Larger files are not read. */
  maxBytes?: number;
  /** The pages read: the first ones hold the introduction and the method. */
  maxPages?: number;
}

const DEFAULT_MAX_BYTES = 30 * 1024 * 1024;
const DEFAULT_MAX_PAGES = 3;
/** Heap for one parse; a hostile or broken PDF ends its thread, not the process. */
const THREAD_HEAP_MB = 256;

function startThread(input: TextThreadInput): Worker {
  const options = {
    workerData: input,
    transferList: [input.data.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  };
  const file = new URL(import.meta.url.endsWith('.ts') ? './text-thread.ts' : './text-thread.js', import.meta.url);
  if (file.pathname.endsWith('.js')) return new Worker(file, options);
  // Under tsx, Node 20 cannot start a thread with tsx in execArgv: the thread registers tsx, then loads the file.
  const loader = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(loader, { ...options, eval: true });
}

/** Parses in a thread of its own, ended when it takes longer than `timeoutMs`. */
function parseInThread(input: TextThreadInput, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const thread = startThread(input);
    const timer = setTimeout(() => {
      reject(new Error(`parsing took longer than ${timeoutMs} ms`));
      void thread.terminate();
    }, timeoutMs);
    thread.once('message', (text: string) => resolve(text));
    thread.once('error', reject);
    thread.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the parsing thread ended with code ${code}`));
    });
  });
}

async function download(url: string, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal, redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
  const data = new Uint8Array(await response.arrayBuffer());
  if (data.byteLength > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
  return data;
}

/** The text of a paper's first pages, or null when the PDF cannot be had in time (the reason is logged). */
export function createPdfText(settings: PdfTextSettings, log: FastifyBaseLogger) {
  const maxBytes = settings.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxPages = settings.maxPages ?? DEFAULT_MAX_PAGES;
  return {
    async firstPages(paper: { arxivId: string; version: number }, signal: AbortSignal): Promise<string | null> {
      const url = `${settings.baseUrl.replace(/\/+$/, '')}/${paper.arxivId}v${paper.version}`;
      try {
        const data = await download(url, maxBytes, AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]));
        const text = await parseInThread({ data, maxPages }, settings.timeoutMs);
        return text.replace(/[ \t]+/g, ' ').trim() || null;
      } catch (error) {
        if (signal.aborted) throw error;
        log.warn({ err: error, url }, 'no text from the PDF: the summary is made from the abstract');
        return null;
      }
    },
  };
}

export type PdfText = ReturnType<typeof createPdfText>;
