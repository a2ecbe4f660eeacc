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

  it('requires a model name with an LLM endpoint', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/LLM_MODEL/);
  });
});
