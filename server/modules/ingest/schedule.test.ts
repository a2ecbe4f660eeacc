import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { createArxivClient } from '../../providers/arxiv/client.js';
import type { ArxivPaper } from '../../providers/arxiv/types.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { eventually } from '../../test/eventually.js';
import { EMPTY_FEED, type FakeArxiv, recordedArxiv, startFakeArxiv } from '../../test/fake-arxiv.js';
import { addPaper } from '../../test/papers.js';
import { type IngestRunOutcome, NEWEST_PER_RUN, startIngestSchedule } from './schedule.js';

const NEWEST_15 = { file: 'arxivpy__q_testing_s0_m15_80c242b59d59.xml' };
/** Ten papers, the first five of them also among NEWEST_15's last five. */
const NEXT_10 = { file: 'arxivpy__q_testing_s10_m10_34e56e15aaac.xml' };

const QUEUED_BY_AN_ADMIN: ArxivPaper = {
  arxivId: '2405.13786',
  version: 1,
  title: 'Queued by an admin',
  abstract: 'An abstract.',
  authors: [{ name: 'A. Author', affiliations: [] }],
  primaryCategory: 'cs.SE',
  categories: ['cs.SE'],
  classCodes: [],
  published: '2024-05-22T16:11:45Z',
  updated: '2024-05-22T16:11:45Z',
  pdfUrl: 'https://arxiv.org/pdf/2405.13786v1',
  comment: null,
  journalRef: null,
  doi: null,
};

describe.each(testDatabaseKinds)('ingest schedule on $name', (kind) => {
  const target = useTestApp(kind);
  let fake: FakeArxiv;
  beforeAll(async () => {
    fake = await startFakeArxiv(recordedArxiv(EMPTY_FEED));
  });
  afterAll(() => fake.close());

  const services = (env: Record<string, string>) => {
    const config = loadConfig({ ...env, ARXIV_API_URL: fake.url });
    return {
      config,
      importer: target.services.importer,
      log: createLogger('silent'),
      arxiv: createArxivClient({ apiUrl: config.arxivApiUrl, spacingMs: 10 }),
    };
  };

  it('is off unless an interval is configured', async () => {
    expect(startIngestSchedule(services({}))).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('queues the newest papers of the categories it does not know, at start and at every interval', async () => {
    await addPaper(target.handle, { arxiv_id: '2202.12139', submitted_date: '2022-02-24' });
    await target.services.queueRepo.enqueue([QUEUED_BY_AN_ADMIN], 'back', new Date().toISOString());
    fake.answerNext(NEWEST_15, { status: 500 }, NEXT_10);
    const outcomes: IngestRunOutcome[] = [];
    const schedule = startIngestSchedule(services({ INGEST_INTERVAL: '1m', INGEST_CATEGORIES: 'cs.AI,cs.MA' }), {
      intervalMs: 20,
      onRun: (outcome) => outcomes.push(outcome),
    });
    await eventually(
      async () => outcomes.length,
      (runs) => runs >= 3,
    );
    await schedule?.stop();

    expect(outcomes.slice(0, 3)).toEqual([
      { fetched: 15, queued: 13, deleted: 0 },
      { error: 'arXiv answered HTTP 500 for the newest papers of cs.AI, cs.MA' },
      { fetched: 10, queued: 5, deleted: 0 },
    ]);
    expect(Object.fromEntries(fake.requests[0]?.query ?? [])).toMatchObject({
      search_query: 'cat:cs.AI OR cat:cs.MA',
      sortBy: 'submittedDate',
      sortOrder: 'descending',
      max_results: String(NEWEST_PER_RUN),
    });
    const queued = await target.handle.db.selectFrom('queue_items').select('arxiv_id').orderBy('position').execute();
    expect(queued).toHaveLength(1 + 13 + 5);
    expect(queued.map((row) => row.arxiv_id).slice(0, 3)).toEqual(['2405.13786', '2005.14124', '2204.08348']);
  });

  it('stops between runs: no request follows stop()', async () => {
    const outcomes: IngestRunOutcome[] = [];
    const schedule = startIngestSchedule(services({ INGEST_INTERVAL: '1m' }), {
      intervalMs: 20,
      onRun: (outcome) => outcomes.push(outcome),
    });
    await eventually(
      async () => outcomes.length,
      (runs) => runs >= 1,
    );
    await schedule?.stop();
    const requests = fake.requests.length;
    const runs = outcomes.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests).toHaveLength(requests);
    expect(outcomes).toHaveLength(runs);
  });
});
