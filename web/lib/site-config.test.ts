import { describe, expect, it } from 'vitest';
import { readSiteConfig } from './site-config.js';

function documentWith(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head></html>`, 'text/html');
}

describe('readSiteConfig', () => {
  it('reads the configuration the server injects', () => {
    const config = readSiteConfig(
      documentWith(
        '<script type="application/json" id="app-config">{"siteName":"Evolve","repositoryUrl":"https://github.com/o/r","contactEmail":"hi@evolve.dev","discordUrl":"https://discord.gg/x","analyticsTagId":"G-1"}</script>',
      ),
    );
    expect(config).toMatchObject({
      siteName: 'Evolve',
      repositoryUrl: 'https://github.com/o/r',
      contactEmail: 'hi@evolve.dev',
      analyticsTagId: 'G-1',
    });
  });

  it('falls back to placeholders without the script (Vite dev server)', () => {
    const config = readSiteConfig(documentWith('<!--app-config-->'));
    expect(config.siteName).toBe('Agentic Framework');
    expect(config.analyticsTagId).toBeNull();
  });

  it('keeps a missing Arabic banner text missing, so Arabic pages show the English one', () => {
    const config = readSiteConfig(
      documentWith('<script type="application/json" id="app-config">{"bannerText":"Hi","bannerTextAr":null}</script>'),
    );
    expect(config).toMatchObject({ bannerText: 'Hi', bannerTextAr: null });
  });

  it('replaces only the fields that are invalid', () => {
    const config = readSiteConfig(
      documentWith(
        '<script type="application/json" id="app-config">{"siteName":"Evolve","contactEmail":"nope"}</script>',
      ),
    );
    expect(config.siteName).toBe('Evolve');
    expect(config.contactEmail).toBe('contact@example.org');
  });
});
