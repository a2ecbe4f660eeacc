import { parentPort, workerData } from 'node:worker_threads';

/**
 * Runs in a worker thread: the text of a PDF's first pages, posted back as one string. PDF.js parses
 * on the thread that calls it, so parsing here keeps the event loop of the process free.
 */
export interface TextThreadInput {
  data: Uint8Array;
  maxPages: number;
}

const { data, maxPages } = workerData as TextThreadInput;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const document = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
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
await document.destroy();
parentPort?.postMessage(text);
