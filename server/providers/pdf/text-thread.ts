import { parentPort } from 'node:worker_threads';

/**
 * Runs in a worker thread: answers each request with the text of a PDF's first pages. PDF.js parses
 * on the thread that calls it, so parsing here keeps the event loop of the process free; the thread
 * stays up between papers, so PDF.js loads once.
 */
export interface TextRequest {
  id: number;
  data: Uint8Array;
  maxPages: number;
}

export type TextAnswer = { id: number; text: string } | { id: number; error: string };

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

async function firstPagesText(data: Uint8Array, maxPages: number): Promise<string> {
  const document = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 })
    .promise;
  try {
    let text = '';
    for (let number = 1; number <= Math.min(maxPages, document.numPages); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
      text += '\n';
      page.cleanup();
    }
    return text;
  } finally {
    await document.destroy();
  }
}

parentPort?.on('message', (request: TextRequest) => {
  firstPagesText(request.data, request.maxPages).then(
    (text) => parentPort?.postMessage({ id: request.id, text } satisfies TextAnswer),
    (error: unknown) =>
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
