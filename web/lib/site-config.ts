// zod/mini with named imports: the full zod API would weigh more than the rest of the page's code.
import { email, minLength, nullable, object, type output, string, trim, url, catch as withFallback } from 'zod/mini';

/**
 * Site configuration that the server injects into index.html (a JSON script with id app-config).
 * Without it (Vite dev server) or with a bad field, that field falls back to a placeholder, so the
 * brand never has to be hard-coded in pages.
 */
const DEFAULTS = {
  siteName: 'Agentic Framework',
  repositoryUrl: 'https://github.com/example/agentic-framework',
  contactEmail: 'contact@example.org',
  discordUrl: 'https://discord.gg/example',
  bannerText: 'We support the Agent Interoperability Initiative',
  bannerUrl: 'https://example.org/agent-interoperability/supporters',
  analyticsTagId: null,
} as const;

const text = () => string().check(trim(), minLength(1));

const siteConfigSchema = object({
  siteName: withFallback(text(), DEFAULTS.siteName),
  repositoryUrl: withFallback(url(), DEFAULTS.repositoryUrl),
  contactEmail: withFallback(email(), DEFAULTS.contactEmail),
  discordUrl: withFallback(url(), DEFAULTS.discordUrl),
  bannerText: withFallback(text(), DEFAULTS.bannerText),
  bannerUrl: withFallback(url(), DEFAULTS.bannerUrl),
  analyticsTagId: withFallback(nullable(text()), DEFAULTS.analyticsTagId),
});

export type SiteConfig = output<typeof siteConfigSchema>;

export function readSiteConfig(doc: Document = document): SiteConfig {
  const json = doc.getElementById('app-config')?.textContent;
  let raw: unknown = {};
  if (json) {
    try {
      raw = JSON.parse(json);
    } catch (error) {
      console.error('Invalid site configuration', error);
    }
  }
  const parsed = siteConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : siteConfigSchema.parse({});
}

export const siteConfig: SiteConfig = readSiteConfig();
