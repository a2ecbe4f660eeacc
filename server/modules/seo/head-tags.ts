import { LOCALES, type Locale } from '../../../common/account-rules.js';
import { localizedPath } from '../../../common/routes.js';
import { CARD_HEIGHT, CARD_WIDTH } from '../share-cards/card-svg.js';
import type { CitationMeta, PageMeta } from './page-meta.js';
import { escapeXml as escapeHtml } from './xml.js';

const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ar: 'ar_AR' };

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
const link = (attributes: Record<string, string>) =>
  `<link ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ')} />`;

/**
 * Highwire Press tags, which Zotero, Mendeley and Google Scholar read: one citation_author per
 * author, the date as YYYY/MM/DD, the arXiv id both as itself and as the report number.
 */
function citationTags(citation: CitationMeta, pageUrl: string): string[] {
  return [
    meta('name', 'citation_title', citation.title),
    ...citation.authors.map((author) => meta('name', 'citation_author', author)),
    meta('name', 'citation_publication_date', citation.publicationDate.replaceAll('-', '/')),
    meta('name', 'citation_arxiv_id', citation.arxivId),
    meta('name', 'citation_technical_report_number', `arXiv:${citation.arxivId}`),
    meta('name', 'citation_technical_report_institution', 'arXiv'),
    meta('name', 'citation_pdf_url', citation.pdfUrl),
    meta('name', 'citation_abstract_html_url', pageUrl),
  ];
}

/**
 * The head of a page for crawlers, link previews and reference managers: its canonical address in
 * its language, its address in each language (hreflang, English as the default), Open Graph and X
 * tags with its share card, the feeds of its language, and a paper's citation tags. Every link that
 * names a language (hreflang) has a full address: search engines ignore, and Lighthouse fails, a
 * relative one.
 */
export function headTags(page: PageMeta, site: { siteName: string }, publicUrl: string): string[] {
  const addressIn = (locale: Locale) => `${publicUrl}${localizedPath(page.path, locale)}`;
  const url = page.noindex ? `${publicUrl}${page.path}` : addressIn(page.locale);
  const indexable = !page.noindex && page.status === 200;
  const image = page.image && `${publicUrl}${page.image.path}`;
  const blogFeed =
    page.locale === 'ar'
      ? { title: `مدونة ${site.siteName}`, href: `${publicUrl}/feeds/blog-ar.xml` }
      : { title: `${site.siteName} Blog`, href: `${publicUrl}/feeds/blog-en.xml` };
  return [
    link({ rel: 'canonical', href: url }),
    ...(indexable
      ? [
          ...LOCALES.map((locale) => link({ rel: 'alternate', hreflang: locale, href: addressIn(locale) })),
          link({ rel: 'alternate', hreflang: 'x-default', href: addressIn('en') }),
        ]
      : []),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALES[page.locale]),
    ...LOCALES.filter((locale) => locale !== page.locale).map((locale) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[locale]),
    ),
    ...(image && page.image
      ? [
          meta('property', 'og:image', image),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', String(CARD_WIDTH)),
          meta('property', 'og:image:height', String(CARD_HEIGHT)),
          meta('property', 'og:image:alt', page.image.alt),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:image', image),
          meta('name', 'twitter:image:alt', page.image.alt),
        ]
      : [meta('name', 'twitter:card', 'summary')]),
    link({
      rel: 'alternate',
      type: 'application/rss+xml',
      hreflang: page.locale,
      title: blogFeed.title,
      href: blogFeed.href,
    }),
    link({
      rel: 'alternate',
      type: 'application/rss+xml',
      hreflang: 'en',
      title: 'AI Research Digest',
      href: `${publicUrl}/feeds/ai-digest.xml`,
    }),
    ...(page.citation ? citationTags(page.citation, url) : []),
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ];
}
