import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestAs } from '../test/accounts.js';
import { adminQueueReader } from '../test/admin-queue.js';
import { useTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { eventually } from '../test/eventually.js';
import { arxivPaper } from '../test/fake-arxiv-client.js';
import { downLlmUrl, FAKE_GARBAGE_PAGE, type FakeLlm, type FakeLlmMode, startFakeLlm } from '../test/fake-llm.js';

/**
 * Short waits, so the worker looks again within the test; parking is far off (the worker's tests
 * cover it), so every item is still queued when the model comes back.
 */
const workerOptions = { pollMs: 10, unavailableDelayMs: 20, retryDelayMs: 100, maxRetryDelayMs: 400, maxAttempts: 20 };

/** Long enough for a few timed-out answers of 1 s, and for a loaded machine. */
const WITHIN_MS = 15_000;

/** A model that is down: the paper is not at fault, so nothing is counted and the worker waits. */
const DOWN: { fault: string; mode: FakeLlmMode | null; reason: RegExp }[] = [
  { fault: 'refuses connections', mode: null, reason: /^The model cannot be reached: .*ECONNREFUSED/ },
  { fault: 'does not answer in time', mode: 'hang', reason: /^The model did not answer within 1 s$/ },
  { fault: 'answers HTTP 500', mode: 'error', reason: /^The model answered HTTP 500/ },
  {
    fault: 'answers a page that is no chat completion',
    mode: 'garbage',
    reason: new RegExp(`^The model answered HTTP 200 but no chat completion: ${FAKE_GARBAGE_PAGE}$`),
  },
];

/** A model that answers, but nothing usable: the item fails, counted, and is retried after a wait. */
const UNUSABLE: { fault: string; mode: FakeLlmMode; reason: RegExp }[] = [
  {
    fault: 'answers JSON cut off midway',
    mode: 'malformed',
    reason: /^The model's summary does not match the schema: JSON parsing failed: .* \(after 3 tries\)$/,
  },
  {
    fault: 'answers a summary that breaks the schema',
    mode: 'invalid',
    reason: /^The model's summary does not match the schema: Problem: Invalid input: .* \(after 3 tries\)$/,
  },
];

describe.each(testDatabaseKinds)('the model down or answering garbage, on $name', (kind) => {
  let llmUrl = '';
  let noPdfUrl = '';
  beforeAll(async () => {
    [llmUrl, noPdfUrl] = await Promise.all([downLlmUrl(), downLlmUrl()]);
  });
  const target = useTestApp(
    kind,
    () => ({ LLM_BASE_URL: llmUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_SECONDS: '1', ARXIV_PDF_URL: noPdfUrl }),
    { workerOptions },
  );
  const queue = adminQueueReader(target);

  let llm: FakeLlm | null = null;
  /** The model where the app looks for it, answering in `mode`. */
  const modelAnswering = async (mode: FakeLlmMode) => {
    llm ??= await startFakeLlm(mode, Number(new URL(llmUrl).port));
    llm.mode = mode;
  };
  const stops: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    await target.handle.db.deleteFrom('queue_items').execute();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await llm?.close();
    llm = null;
  });

  let counter = 0;
  /** Queues two papers and starts a worker on them. */
  async function queueTwoAndWork(): Promise<[string, string]> {
    counter += 2;
    const ids: [string, string] = [
      `2403.${String(counter - 1).padStart(5, '0')}`,
      `2403.${String(counter).padStart(5, '0')}`,
    ];
    await target.services.queueRepo.enqueue(
      ids.map((id) => arxivPaper(id)),
      'back',
      new Date().toISOString(),
    );
    const worker = target.services.createWorker();
    worker.start();
    stops.push(() => worker.stop());
    return ids;
  }

  /** Once the model is back, both papers are processed by the model and the queue is empty. */
  async function expectProcessedOnceBack(ids: string[]): Promise<void> {
    await modelAnswering('valid');
    expect(await eventually(queue, (items) => items.length === 0, WITHIN_MS)).toEqual([]);
    for (const id of ids) {
      const paper = await requestAs(target.app, null, 'GET', `/api/papers/${id}`);
      expect(paper.json()).toMatchObject({ arxivId: id, translated: true, summary: { generatedBy: 'llm' } });
    }
  }

  for (const { fault, mode, reason } of DOWN) {
    it(`when the model ${fault}, keeps the items in place uncounted with the reason, and processes them once it is back`, async () => {
      if (mode) await modelAnswering(mode);
      const [first, second] = await queueTwoAndWork();

      const items = await eventually(queue, ([head]) => reason.test(head?.lastError ?? ''), WITHIN_MS);
      expect(items[0]?.lastError).toMatch(reason);
      // The worker pauses and tries the head again rather than walking the queue: the second item
      // was never tried, and neither counts a failure.
      expect(items.map((item) => [item.arxivId, item.attempts, item.state === 'parked'])).toEqual([
        [first, 0, false],
        [second, 0, false],
      ]);
      expect(items[1]?.lastError).toBeNull();

      await expectProcessedOnceBack([first, second]);
    });
  }

  for (const { fault, mode, reason } of UNUSABLE) {
    it(`when the model ${fault}, counts a failure with the reason, retries after a wait, and processes the items once it is back`, async () => {
      await modelAnswering(mode);
      const ids = await queueTwoAndWork();

      // Each failed item waits its turn to retry: seen as retrying, with the time of its next try.
      const items = await eventually(
        queue,
        (found) =>
          found.length === 2 &&
          found.every((item) => item.attempts > 0) &&
          found.some((item) => item.state === 'retrying' && item.nextAttemptAt !== null),
        WITHIN_MS,
      );
      for (const item of items) {
        expect(item.lastError).toMatch(reason);
        expect(item.state).not.toBe('parked');
      }
      expect(items.some((item) => item.state === 'retrying' && item.nextAttemptAt !== null)).toBe(true);

      await expectProcessedOnceBack(ids);
    });
  }
});
