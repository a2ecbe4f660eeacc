import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { startModuleThread } from '../module-thread.js';
import type { TextAnswer, TextRequest } from './text-thread.js';

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

function startThread(): Worker {
  return startModuleThread(import.meta.url, 'text-thread', {
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
}

/**
 * One parsing thread, started at the first PDF and kept for the next. A parse that takes longer
 * than `timeoutMs`, or a thread that dies (a hostile PDF past its heap), ends the thread and fails
 * what it had in hand; the next PDF starts a new one.
 */
function createParser(timeoutMs: number) {
  let thread: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function running(): Worker {
    if (thread) return thread;
    const started = startThread();
    started.on('message', (answer: TextAnswer) => {
      const waiter = pending.get(answer.id);
      pending.delete(answer.id);
      if ('text' in answer) waiter?.resolve(answer.text);
      else waiter?.reject(new Error(answer.error));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (thread === started) thread = null;
      failAll(new Error(`the parsing thread ended with code ${code}`));
    });
    // An idle parser does not keep the process alive.
    started.unref();
    thread = started;
    return started;
  }

  return (data: Uint8Array, maxPages: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const target = running();
      const timer = setTimeout(() => {
        reject(new Error(`parsing took longer than ${timeoutMs} ms`));
        pending.delete(id);
        if (thread === target) thread = null;
        void target.terminate();
      }, timeoutMs);
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      target.postMessage({ id, data, maxPages } satisfies TextRequest, [data.buffer as ArrayBuffer]);
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
  const parse = createParser(settings.timeoutMs);
  return {
    async firstPages(paper: { arxivId: string; version: number }, signal: AbortSignal): Promise<string | null> {
      const url = `${settings.baseUrl.replace(/\/+$/, '')}/${paper.arxivId}v${paper.version}`;
      try {
        const data = await download(url, maxBytes, AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]));
        const text = await parse(data, maxPages);
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
