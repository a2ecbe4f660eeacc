import { createHash } from 'node:crypto';
import type { Locale } from '../../../common/account-rules.js';
import type { PaperRef } from '../../../common/arxiv-id.js';
import { notFound } from '../../errors.js';
import type { PapersService } from '../papers/service.js';
import type { BlogPosts } from '../seo/blog-posts.js';
import { type CardContent, renderCardSvg } from './card-svg.js';
import type { CardRasterizer } from './rasterize.js';
import { CARD_TEXTS, type CardPage } from './texts.js';

export interface ShareCard {
  png: Buffer;
  /** A strong ETag (quoted): a hash of what the card is drawn from. */
  etag: string;
}

/** The share cards (1200 × 630 PNG) of papers, posts and the site's pages, in the page's language. */
export function createShareCards(deps: {
  papers: Pick<PapersService, 'coverInput'>;
  blog: BlogPosts;
  siteName: string;
  rasterizer: CardRasterizer;
}) {
  const { siteName, rasterizer } = deps;

  async function draw(content: CardContent): Promise<ShareCard> {
    const svg = renderCardSvg(content);
    const etag = `"card-${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
    return { png: await rasterizer.png(svg), etag };
  }

  return {
    /** A paper's cover, with its title and its first category named in `locale`. */
    async paper(ref: PaperRef, locale: Locale): Promise<ShareCard> {
      const cover = await deps.papers.coverInput(ref, locale);
      return draw({
        seed: cover.arxivId,
        kicker: cover.category,
        title: cover.title,
        footerStart: `arXiv:${cover.arxivId}`,
        footerEnd: CARD_TEXTS[locale].digest,
        rtl: locale === 'ar',
      });
    },

    /** A post in `locale`, else in English (as its page shows it); 404 for an unknown post. */
    async post(id: string, locale: Locale): Promise<ShareCard> {
      const post = (await deps.blog.find(id, locale)) ?? (await deps.blog.find(id, 'en'));
      if (!post) throw notFound('Post not found');
      return draw({
        seed: `blog:${post.id}`,
        kicker: CARD_TEXTS[locale].blog,
        title: post.title,
        footerStart: '',
        footerEnd: siteName,
        rtl: locale === 'ar',
      });
    },

    async page(page: CardPage, locale: Locale): Promise<ShareCard> {
      return draw({
        seed: `page:${page}`,
        kicker: page === 'home' ? '' : siteName,
        title: page === 'home' ? siteName : CARD_TEXTS[locale].pages[page],
        footerStart: page === 'home' ? CARD_TEXTS[locale].pages.home : '',
        footerEnd: page === 'home' ? '' : siteName,
        rtl: locale === 'ar',
      });
    },
  };
}

export type ShareCards = ReturnType<typeof createShareCards>;
