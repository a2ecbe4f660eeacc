import type { Locale } from '../../../common/account-rules.js';
import type { PublicRouteName } from '../../../common/routes.js';

/** The pages that share a card of their own, without parameters (papers and posts have theirs). */
export const CARD_PAGES = ['home', 'aiDigest', 'blogs', 'documentation', 'privacy'] as const;
export type CardPage = (typeof CARD_PAGES)[number] & PublicRouteName;

/** The texts the cards print and their descriptions (og:image:alt), in each language. */
export const CARD_TEXTS: Record<
  Locale,
  {
    pages: Record<CardPage, string>;
    blog: string;
    digest: string;
    paperAlt: (title: string) => string;
    postAlt: (title: string) => string;
    pageAlt: (title: string, siteName: string) => string;
  }
> = {
  en: {
    pages: {
      home: 'Build, train and evolve agentic AI systems',
      aiDigest: 'AI Research Digest',
      blogs: 'Blog',
      documentation: 'Documentation',
      privacy: 'Privacy Policy',
    },
    blog: 'Blog',
    digest: 'AI Research Digest',
    paperAlt: (title) => `The paper’s cover: ${title}`,
    postAlt: (title) => `The post’s card: ${title}`,
    pageAlt: (title, siteName) => `${siteName}: ${title}`,
  },
  ar: {
    pages: {
      home: 'ابنِ أنظمة الذكاء الاصطناعي الوكيلة ودرّبها وطوّرها',
      aiDigest: 'ملخص أبحاث الذكاء الاصطناعي',
      blogs: 'المدونة',
      documentation: 'التوثيق',
      privacy: 'سياسة الخصوصية',
    },
    blog: 'المدونة',
    digest: 'ملخص أبحاث الذكاء الاصطناعي',
    paperAlt: (title) => `غلاف الورقة: ${title}`,
    postAlt: (title) => `بطاقة التدوينة: ${title}`,
    pageAlt: (title, siteName) => `${siteName}: ${title}`,
  },
};
