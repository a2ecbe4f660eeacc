import { parsePaperRef } from '../../../common/arxiv-id.js';
import { isPrivatePath } from '../../../common/routes.js';
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

  const STATIC: Record<string, Pick<PageMeta, 'title' | 'description'> & { locale?: 'ar' }> = {
    '/': { title: site.siteName, description: tagline },
    '/ai-digest': {
      title: withSite('AI Research Digest'),
      description: 'A collection of cutting-edge AI research papers and insights',
    },
    '/blogs': {
      title: withSite('Blog'),
      description: 'Announcements, guides, research notes and tutorials on agentic AI systems.',
    },
    '/ar/blogs': {
      title: withSite('المدونة'),
      description: 'إعلانات وأدلة وملاحظات بحثية ودروس عن أنظمة الذكاء الاصطناعي الوكيلة.',
      locale: 'ar',
    },
    '/privacy-policy': { title: withSite('Privacy Policy'), description: `How ${site.siteName} handles your data.` },
    '/documentation': {
      title: withSite('Documentation'),
      description: `Install, configure and use ${site.siteName} and the AI Research Digest API.`,
    },
  };

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

  return {
    /** Head tags for a client route, so shared links and crawlers see the page's own title. */
    async resolve(path: string): Promise<PageMeta> {
      const known = STATIC[path];
      if (known) return page(path, known);
      const paperId = /^\/ai-digest\/(.+?)\/?$/.exec(path)?.[1];
      if (paperId) return paperPage(path, decodeURIComponent(paperId));
      const postId = /^\/blog\/([^/]+)\/?$/.exec(path)?.[1];
      if (postId) {
        const id = decodeURIComponent(postId);
        const post = (await deps.blog.find(id, 'en')) ?? (await deps.blog.find(id, 'ar'));
        if (!post) return notFoundPage(path);
        return page(`/blog/${post.id}`, {
          title: withSite(post.title),
          description: clip(post.description || post.excerpt || '', 200),
          type: 'article',
        });
      }
      if (isPrivatePath(path)) {
        return page(path, { title: site.siteName, description: tagline, noindex: true });
      }
      return notFoundPage(path);
    },
  };
}

export type PageMetaResolver = ReturnType<typeof createPageMeta>;
