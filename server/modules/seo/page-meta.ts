import type { Locale } from '../../../common/account-rules.js';
import { parsePaperRef } from '../../../common/arxiv-id.js';
import { coverInputOf, coverVersion } from '../../../common/cover.js';
import {
  isPrivatePath,
  localeOfPath,
  localizedPath,
  matchClientRoute,
  type PublicRouteName,
  type RouteName,
} from '../../../common/routes.js';
import type { SiteConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { PapersService } from '../papers/service.js';
import { shareCardPaths } from '../share-cards/paths.js';
import { CARD_TEXTS, type CardPage } from '../share-cards/texts.js';
import type { BlogPosts } from './blog-posts.js';
import { docPagePath } from './doc-pages.js';
import { clip } from './xml.js';

/** What Zotero, Mendeley and Google Scholar read of a paper's page (Highwire Press tags). */
export interface CitationMeta {
  title: string;
  authors: string[];
  /** YYYY-MM-DD, the first version's. */
  publicationDate: string;
  arxivId: string;
  pdfUrl: string;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path in English, without a language (`/ai-digest/…`): its other addresses come from it. */
  path: string;
  type: 'website' | 'article';
  locale: Locale;
  /** Its share card (a path under /api/share-cards) and what the card shows, in the page's language. */
  image?: { path: string; alt: string };
  /** A paper's page: what reference managers read. */
  citation?: CitationMeta;
  /** Pages that search engines should not list: accounts, admin, not found. */
  noindex: boolean;
  status: 200 | 404;
}

export function createPageMeta(deps: {
  papers: PapersService;
  blog: BlogPosts;
  site: SiteConfig;
  docSlugs: readonly string[];
}) {
  const { site } = deps;
  const withSite = (title: string) => `${title} | ${site.siteName}`;
  const tagline = `${site.siteName}: an open-source framework to build, train and evolve agentic AI systems.`;

  type Head = Pick<PageMeta, 'title' | 'description'>;
  /** The head of each public page without parameters; papers and posts have their own. */
  const HEADS = {
    home: { title: site.siteName, description: tagline },
    aiDigest: {
      title: withSite('AI Research Digest'),
      description: 'A collection of cutting-edge AI research papers and insights',
    },
    blogs: {
      title: withSite('Blog'),
      description: 'Announcements, guides, research notes and tutorials on agentic AI systems.',
    },
    ArBlogs: {
      title: withSite('المدونة'),
      description: 'إعلانات وأدلة وملاحظات بحثية ودروس عن أنظمة الذكاء الاصطناعي الوكيلة.',
    },
    privacy: { title: withSite('Privacy Policy'), description: `How ${site.siteName} handles your data.` },
    documentation: {
      title: withSite('Documentation'),
      description: `Install, configure and use ${site.siteName} and the AI Research Digest API.`,
    },
  } satisfies Record<Exclude<PublicRouteName, 'researchView' | 'blogView'>, Head>;
  const heads: Partial<Record<RouteName, Head>> = HEADS;
  /** The card of each page of the table: the Arabic blog list shares the blog's. */
  const cardOf = (name: keyof typeof HEADS): CardPage => (name === 'ArBlogs' ? 'blogs' : name);

  const page = (path: string, fields: Partial<PageMeta> & Pick<PageMeta, 'title' | 'description'>): PageMeta => ({
    path,
    type: 'website',
    locale: 'en',
    noindex: false,
    status: 200,
    ...fields,
  });
  const notFoundPage = (path: string) =>
    page(path, { title: withSite('Page not found'), description: tagline, noindex: true, status: 404 });

  async function paperPage(path: string, id: string, locale: Locale): Promise<PageMeta> {
    const ref = parsePaperRef(id);
    if (!ref) return notFoundPage(path);
    try {
      const paper = await deps.papers.detail(ref);
      const lead = paper.summary?.Paper_one_line || paper.abstract;
      const cover = coverInputOf(paper, locale);
      return page(`/ai-digest/${paper.arxivId}`, {
        title: withSite(paper.title),
        description: clip(lead, 200),
        type: 'article',
        locale,
        image: {
          path: shareCardPaths.paper(paper.arxivId, coverVersion(cover), locale),
          alt: CARD_TEXTS[locale].paperAlt(paper.title),
        },
        citation: {
          title: paper.title,
          authors: paper.authors,
          publicationDate: paper.submittedDate,
          arxivId: paper.arxivId,
          pdfUrl: paper.pdfUrl,
        },
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return notFoundPage(path);
      throw error;
    }
  }

  async function blogPostPage(path: string, id: string, locale: Locale): Promise<PageMeta> {
    const post = (await deps.blog.find(id, locale)) ?? (await deps.blog.find(id, 'en'));
    if (!post) return notFoundPage(path);
    return page(`/blog/${post.id}`, {
      title: withSite(post.title),
      description: clip(post.description || post.excerpt || '', 200),
      type: 'article',
      locale,
      image: { path: shareCardPaths.post(post.id, locale), alt: CARD_TEXTS[locale].postAlt(post.title) },
    });
  }

  return {
    /**
     * Head tags for a client route, so shared links and crawlers see the page's own title, in the
     * language its address names, else in `chosen` (the reader's stored choice).
     */
    async resolve(path: string, chosen: Locale = 'en', search = ''): Promise<PageMeta> {
      const match = matchClientRoute(path);
      const locale = localeOfPath(path) ?? match?.route.locale ?? chosen;
      const name = match?.route.name;
      if (name === 'researchView') return paperPage(path, decodeURIComponent(match?.params['*'] ?? ''), locale);
      if (name === 'blogView') return blogPostPage(path, decodeURIComponent(match?.params.id ?? ''), locale);
      const head = name && heads[name];
      if (match && name && head) {
        const card = cardOf(name as keyof typeof HEADS);
        const alt = CARD_TEXTS[locale].pageAlt(CARD_TEXTS[locale].pages[card], site.siteName);
        // A documentation page is a page of its own, named by its slug.
        const slug = name === 'documentation' ? new URLSearchParams(search).get('page') : null;
        const neutral =
          slug && deps.docSlugs.includes(slug) ? docPagePath(slug) : localizedPath(match.route.path, 'en');
        return page(neutral, {
          ...head,
          locale,
          image: { path: shareCardPaths.page(card, locale), alt },
        });
      }
      if (isPrivatePath(path)) {
        return page(path, { title: site.siteName, description: tagline, noindex: true, locale });
      }
      return notFoundPage(path);
    },
  };
}

export type PageMetaResolver = ReturnType<typeof createPageMeta>;
