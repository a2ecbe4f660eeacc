import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PDF_FIXTURES = fileURLToPath(new URL('./fixtures/pdfs/', import.meta.url));

/**
 * Longest wait for the fixture PDF's first pages in a test, the parsing thread's start (loading
 * PDF.js) included: on a busy 2-core machine that alone passed the site's default 20 s.
 */
export const FIXTURE_PARSE_SECONDS = 90;

/** The arXiv id and version of the real PDF kept in fixtures/pdfs. */
export const FIXTURE_PDF = { arxivId: '1111.2011', version: 2, firstLine: 'Quantum Criticality for Extended Nodes' };

/** A paper whose "PDF" the host answers with bytes that are not a PDF. */
export const BROKEN_PDF = { arxivId: '2401.99999', version: 1 };

/**
 * A local stand-in for arxiv.org/pdf: `/pdf/{arxivId}v{version}` answers the fixture of that name,
 * anything else 404. `requests` lists the paths asked for.
 */
export async function startPdfHost(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer(async (request, response) => {
    const name = decodeURIComponent((request.url ?? '').replace(/^\/pdf\//, ''));
    requests.push(name);
    if (name === `${BROKEN_PDF.arxivId}v${BROKEN_PDF.version}`) {
      response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 this is not a PDF after all');
      return;
    }
    try {
      const data = await readFile(path.join(PDF_FIXTURES, `${path.basename(name)}.pdf`));
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': data.byteLength });
      response.end(data);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/pdf`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
