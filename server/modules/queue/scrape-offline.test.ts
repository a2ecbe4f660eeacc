import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { scrapeAnswerSchema } from '../../../common/queue.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { addPaper } from '../../test/papers.js';

/** A local port nothing listens on: connecting to it is refused, as on a server cut off from arXiv. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const arxivUrl = `http://127.0.0.1:${await closedPort()}/api/query`;

describe.each(testDatabaseKinds)('scraping on a server that cannot reach arXiv, on $name', (kind) => {
  const target = useTestApp(kind, () => ({ ARXIV_API_URL: arxivUrl }));
  let admin = '';
  const scrape = (arxivId: string) => requestAs(target.app, admin, 'POST', '/api/admin/scrape', { arxivId });

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    await addPaper(target.handle, {
      arxiv_id: '2606.32002',
      version: 2,
      title: 'Agents that plan',
      abstract: 'We plan.',
      pdf_url: 'https://arxiv.org/pdf/2606.32002v2',
      submitted_date: '2026-06-02',
    });
  });

  it('answers a paper already in the digest from the database, with its id to link to, without asking arXiv', async () => {
    for (const input of ['2606.32002', 'https://arxiv.org/abs/2606.32002v1', '2606.32002v2']) {
      const answer = await scrape(input);
      expect(answer.statusCode, input).toBe(200);
      expect(scrapeAnswerSchema.parse(answer.json())).toEqual({
        message: 'Paper already processed',
        outcome: 'already_processed',
        paper: {
          id: expect.any(Number),
          arxivId: '2606.32002',
          version: 2,
          title: 'Agents that plan',
          abstract: 'We plan.',
          pdfUrl: 'https://arxiv.org/pdf/2606.32002v2',
        },
      });
    }
  });

  it('says the server cannot reach arXiv when the connection is refused, for a new paper or a newer version', async () => {
    for (const input of ['2401.00001', '2606.32002v3']) {
      const answer = await scrape(input);
      expect(answer.statusCode, input).toBe(502);
      expect(answer.json()).toEqual(errorAnswer('arxiv_unreachable', 'This server cannot reach arXiv (ECONNREFUSED)'));
    }
  });
});
