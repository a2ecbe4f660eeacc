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
});
