import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      llm: null,
      seedDemo: true,
      ingest: { categories: ['cs.AI', 'cs.CL', 'cs.LG', 'cs.MA'], intervalMs: null },
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url', SITE_CONTACT_EMAIL: 'nobody' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'SITE_CONTACT_EMAIL']) expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:/);
  });

  it('treats blank variables as unset and trims the public URL', () => {
    const config = loadConfig({ DATABASE_URL: '  ', PUBLIC_URL: 'https://site.example/' });
    expect(config.databaseUrl).toBeNull();
    expect(config.publicUrl).toBe('https://site.example');
  });

  it('requires PUBLIC_URL in production, and defaults it to localhost elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://site.example' })).toMatchObject({
      publicUrl: 'https://site.example',
      publicUrlIsDefault: false,
    });
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(loadConfig({ NODE_ENV, PORT: '8080' })).toMatchObject({
        publicUrl: 'http://localhost:8080',
        publicUrlIsDefault: true,
      });
    }
  });

  it("gives the banner its Arabic text: the one set, the placeholder's, or none beside an English text of the operator's", () => {
    expect(loadConfig({}).site.bannerTextAr).toBe('نحن ندعم مبادرة التشغيل البيني للوكلاء');
    expect(loadConfig({ SITE_BANNER_TEXT_AR: ' نص عربي ' }).site.bannerTextAr).toBe('نص عربي');
    expect(loadConfig({ SITE_BANNER_TEXT: 'We back the Open Agents pledge' }).site).toMatchObject({
      bannerText: 'We back the Open Agents pledge',
      bannerTextAr: null,
    });
  });

  it('reads the worker settings, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      pdf: { baseUrl: 'https://arxiv.org/pdf', timeoutMs: 20_000 },
      workerLeaseMs: 60_000,
    });
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'qwen3',
      LLM_TIMEOUT_SECONDS: '30',
      ARXIV_PDF_URL: 'http://127.0.0.1:8080/pdf',
      PDF_TIMEOUT_SECONDS: '5',
      WORKER_LEASE_SECONDS: '10',
    });
    expect(config).toMatchObject({
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen3', apiKey: null, timeoutMs: 30_000 },
      pdf: { baseUrl: 'http://127.0.0.1:8080/pdf', timeoutMs: 5_000 },
      workerLeaseMs: 10_000,
    });
    expect(() =>
      loadConfig({
        LLM_TIMEOUT_SECONDS: '0',
        ARXIV_PDF_URL: 'arxiv',
        PDF_TIMEOUT_SECONDS: 'x',
        WORKER_LEASE_SECONDS: '-1',
      }),
    ).toThrow(/LLM_TIMEOUT_SECONDS[\s\S]*ARXIV_PDF_URL[\s\S]*PDF_TIMEOUT_SECONDS[\s\S]*WORKER_LEASE_SECONDS/);
  });

  it('requires a model name with an LLM endpoint', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/LLM_MODEL/);
  });

  it('reads the ingest schedule and refuses a bad interval or category list', () => {
    expect(loadConfig({ INGEST_CATEGORIES: ' cs.AI , math.GT,', INGEST_INTERVAL: '6h' }).ingest).toEqual({
      categories: ['cs.AI', 'math.GT'],
      intervalMs: 6 * 3_600_000,
    });
    expect(loadConfig({ INGEST_INTERVAL: '30m' }).ingest.intervalMs).toBe(1_800_000);
    for (const bad of ['6', 'often', '30s', '1.5h'])
      expect(() => loadConfig({ INGEST_INTERVAL: bad }), bad).toThrow(/INGEST_INTERVAL/);
    expect(() => loadConfig({ INGEST_CATEGORIES: 'cs.AI,not a category' })).toThrow(/INGEST_CATEGORIES/);
    expect(() => loadConfig({ INGEST_CATEGORIES: ',' })).toThrow(/INGEST_CATEGORIES/);
  });

  it('reads the embeddings endpoint and the search weights, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      embeddings: null,
      search: { textWeight: 1, vectorWeight: 0, titleWeight: 3 },
    });
    const config = loadConfig({
      EMBEDDINGS_BASE_URL: 'http://127.0.0.1:8080/v1',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
      EMBEDDINGS_TIMEOUT_SECONDS: '5',
      SEARCH_TEXT_WEIGHT: '2',
      SEARCH_VECTOR_WEIGHT: '0.75',
      SEARCH_TITLE_WEIGHT: '1.5',
    });
    expect(config).toMatchObject({
      embeddings: { baseUrl: 'http://127.0.0.1:8080/v1', model: 'nomic-embed-text', apiKey: null, timeoutMs: 5_000 },
      search: { textWeight: 2, vectorWeight: 0.75, titleWeight: 1.5 },
    });
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/EMBEDDINGS_MODEL/);
  });

  it('embeds papers on every core by default, on EMBEDDING_THREADS threads when set', () => {
    expect(loadConfig({}).embeddingThreads).toBe(availableParallelism());
    expect(loadConfig({ EMBEDDING_THREADS: '3' }).embeddingThreads).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => loadConfig({ EMBEDDING_THREADS: bad }), bad).toThrow(/EMBEDDING_THREADS/);
  });

  it('names every bad search weight', () => {
    let error: unknown;
    try {
      loadConfig({ SEARCH_TEXT_WEIGHT: '0', SEARCH_VECTOR_WEIGHT: '-1', SEARCH_TITLE_WEIGHT: 'heavy' });
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    for (const name of ['SEARCH_TEXT_WEIGHT', 'SEARCH_VECTOR_WEIGHT', 'SEARCH_TITLE_WEIGHT'])
      expect(problems.join('\n')).toContain(name);
  });
});
