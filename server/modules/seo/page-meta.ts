import { parsePaperRef } from '../../../common/arxiv-id.js';
import { isPrivatePath, matchClientRoute, type PublicRouteName, type RouteName } from '../../../common/routes.js';
import type { SiteConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { PapersService } from '../papers/service.js';
import type { BlogPosts } from './blog-posts.js';
import { clip } from './xml.js';

export interface PageMeta {
  title: string;
  description: string;
  /** The canonical path of the page. */
  path: string;
  type: 'website' | 'article';
  locale: 'en' | 'ar';
  /** Pages that search engines should not list: accounts, admin, not found. */
  noindex: boolean;
  status: 200 | 404;
}

export function createPageMeta(deps: { papers: PapersService; blog: BlogPosts; site: SiteConfig }) {
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

  async function paperPage(path: string, id: string): Promise<PageMeta> {
    const ref = parsePaperRef(id);
    if (!ref) return notFoundPage(path);
    try {
      const paper = await deps.papers.detail(ref);
      const lead = paper.summary?.Paper_one_line || paper.abstract;
      return page(`/ai-digest/${paper.arxivId}`, {
        title: withSite(paper.title),
        description: clip(lead, 200),
        type: 'article',
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return notFoundPage(path);
      throw error;
    }
  }

  async function blogPostPage(path: string, id: string): Promise<PageMeta> {
    const post = (await deps.blog.find(id, 'en')) ?? (await deps.blog.find(id, 'ar'));
    if (!post) return notFoundPage(path);
    return page(`/blog/${post.id}`, {
      title: withSite(post.title),
      description: clip(post.description || post.excerpt || '', 200),
      type: 'article',
    });
  }

  return {
    /** Head tags for a client route, so shared links and crawlers see the page's own title. */
    async resolve(path: string): Promise<PageMeta> {
      const match = matchClientRoute(path);
      if (match?.route.name === 'researchView') return paperPage(path, decodeURIComponent(match.params['*'] ?? ''));
      if (match?.route.name === 'blogView') return blogPostPage(path, decodeURIComponent(match.params.id ?? ''));
      const head = match && heads[match.route.name];
      if (match && head) return page(match.route.path, { ...head, locale: match.route.locale ?? 'en' });
      if (isPrivatePath(path)) {
        return page(path, { title: site.siteName, description: tagline, noindex: true });
      }
      return notFoundPage(path);
    },
  };
}

export type PageMetaResolver = ReturnType<typeof createPageMeta>;
