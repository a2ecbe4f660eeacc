import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { BROKEN_PDF, FIXTURE_PARSE_SECONDS, FIXTURE_PDF, startPdfHost } from '../../test/pdf-host.js';
import { createPdfText } from './pdf-text.js';

describe('the text of a PDF', () => {
  let host: Awaited<ReturnType<typeof startPdfHost>>;
  beforeAll(async () => {
    host = await startPdfHost();
  });
  afterAll(() => host.close());
  const log = createLogger('silent');

  it('reads the first pages of a real arXiv PDF in a thread', {
    timeout: (FIXTURE_PARSE_SECONDS + 30) * 1000,
  }, async () => {
    const pdf = createPdfText({ baseUrl: host.url, timeoutMs: FIXTURE_PARSE_SECONDS * 1000, maxPages: 1 }, log);
    const text = await pdf.firstPages(FIXTURE_PDF, new AbortController().signal);
    expect(text).toContain(FIXTURE_PDF.firstLine);
    expect(text).toContain('Bethe Lattice');
    expect(host.requests).toContain(`${FIXTURE_PDF.arxivId}v${FIXTURE_PDF.version}`);
  });

  it('answers null for a paper whose PDF the host does not have', async () => {
    const pdf = createPdfText({ baseUrl: host.url, timeoutMs: FIXTURE_PARSE_SECONDS * 1000 }, log);
    expect(await pdf.firstPages({ arxivId: '2401.00001', version: 1 }, new AbortController().signal)).toBeNull();
  });

  it('answers null for a file that is not a PDF', async () => {
    const pdf = createPdfText({ baseUrl: host.url, timeoutMs: FIXTURE_PARSE_SECONDS * 1000 }, log);
    expect(await pdf.firstPages(BROKEN_PDF, new AbortController().signal)).toBeNull();
  });

  it('answers null for a file larger than allowed, without parsing it', async () => {
    const pdf = createPdfText({ baseUrl: host.url, timeoutMs: FIXTURE_PARSE_SECONDS * 1000, maxBytes: 1_000 }, log);
    expect(await pdf.firstPages(FIXTURE_PDF, new AbortController().signal)).toBeNull();
  });
});
