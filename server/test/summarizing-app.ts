import { afterAll, beforeAll } from 'vitest';
import { type TestApp, useTestApp } from './app.js';
import type { TestDatabaseKind } from './databases.js';
import { downLlmUrl, type FakeLlm, startFakeLlm } from './fake-llm.js';

/** A worker that retries at once, so that a test sees a failed item's next attempt without waiting. */
const RETRYING_AT_ONCE = { retryDelayMs: 1, maxAttempts: 2, unavailableDelayMs: 1, pollMs: 10 };

export interface SummarizingApp {
  target: TestApp;
  /** The fake model the app's worker asks; a test sets how it answers. */
  readonly llm: FakeLlm;
}

/**
 * An app whose worker summarizes with a fake model and reaches no PDF host (so summaries are made
 * from the abstract), from beforeAll to afterAll of the calling describe block.
 */
export function useSummarizingApp(kind: TestDatabaseKind): SummarizingApp {
  let llm: FakeLlm | undefined;
  let noPdfUrl = '';
  beforeAll(async () => {
    [llm, noPdfUrl] = await Promise.all([startFakeLlm(), downLlmUrl()]);
  });
  afterAll(() => llm?.close());
  const startedLlm = () => {
    if (!llm) throw new Error('the fake model starts in beforeAll');
    return llm;
  };
  const target = useTestApp(
    kind,
    () => ({
      LLM_BASE_URL: startedLlm().url,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_SECONDS: '5',
      ARXIV_PDF_URL: noPdfUrl,
    }),
    { workerOptions: RETRYING_AT_ONCE },
  );
  return {
    target,
    get llm() {
      return startedLlm();
    },
  };
}
