import { DEFAULT_BANNER_TEXT, DEFAULT_BANNER_TEXT_AR, type PublicSiteConfig } from '../../common/ssr.js';

/**
 * Site configuration that the server injects into index.html (a JSON script with id app-config).
 * Without it (Vite dev server) or with a bad field, that field falls back to a placeholder, so the
 * brand never has to be hard-coded in pages. The server validates the values at start-up; these
 * checks only guard the shape, without a schema library in the entry bundle.
 */
export type SiteConfig = PublicSiteConfig;

const DEFAULTS: SiteConfig = {
  siteName: 'Agentic Framework',
  repositoryUrl: 'https://github.com/example/agentic-framework',
  contactEmail: 'contact@example.org',
  discordUrl: 'https://discord.gg/example',
  bannerText: DEFAULT_BANNER_TEXT,
  bannerTextAr: DEFAULT_BANNER_TEXT_AR,
  bannerUrl: 'https://example.org/agent-interoperability/supporters',
  analyticsTagId: null,
};

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;
const isUrl = (value: unknown): value is string => isText(value) && /^https?:\/\/\S+$/.test(value.trim());
const isEmail = (value: unknown): value is string => isText(value) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

const CHECKS: { [K in keyof SiteConfig]: (value: unknown) => boolean } = {
  siteName: isText,
  repositoryUrl: isUrl,
  contactEmail: isEmail,
  discordUrl: isUrl,
  bannerText: isText,
  bannerTextAr: (value) => value === null || isText(value),
  bannerUrl: isUrl,
  analyticsTagId: (value) => value === null || isText(value),
};

/** The configuration from a JSON text (the app-config block), each bad or missing field a placeholder. */
export function parseSiteConfig(json: string | null | undefined): SiteConfig {
  let raw: Record<string, unknown> = {};
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (typeof parsed === 'object' && parsed !== null) raw = parsed as Record<string, unknown>;
    } catch (error) {
      console.error('Invalid site configuration', error);
    }
  }
  const config = { ...DEFAULTS };
  for (const key of Object.keys(CHECKS) as (keyof SiteConfig)[]) {
    const value = typeof raw[key] === 'string' ? (raw[key] as string).trim() : raw[key];
    if (CHECKS[key](value)) Object.assign(config, { [key]: value });
  }
  return config;
}

export function readSiteConfig(doc: Document = document): SiteConfig {
  return parseSiteConfig(doc.getElementById('app-config')?.textContent);
}

/** Read once in the browser; the server renderer fills it from the server's configuration. */
export const siteConfig: SiteConfig = typeof document === 'undefined' ? { ...DEFAULTS } : readSiteConfig();

/** Sets the configuration pages read when rendered on the server (the same for every request). */
export function applySiteConfig(values: SiteConfig): void {
  Object.assign(siteConfig, parseSiteConfig(JSON.stringify(values)));
}
