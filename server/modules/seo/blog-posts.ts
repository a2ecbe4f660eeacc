import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const blogPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().default(''),
  date: z.string(),
  category: z.string().optional(),
  excerpt: z.string().optional(),
});
export type BlogPostSummary = z.infer<typeof blogPostSchema>;

export const BLOG_LOCALES = ['en', 'ar'] as const;
export type BlogLocale = (typeof BLOG_LOCALES)[number];

/** The blog's post lists, read once per locale: posts are files shipped with the site. */
export function createBlogPosts(blogDir: string) {
  const lists = new Map<BlogLocale, Promise<BlogPostSummary[]>>();

  async function read(locale: BlogLocale): Promise<BlogPostSummary[]> {
    try {
      const text = await readFile(path.join(blogDir, locale, 'blogs.json'), 'utf8');
      const posts = z.array(blogPostSchema).parse(JSON.parse(text));
      return posts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  return {
    list(locale: BlogLocale): Promise<BlogPostSummary[]> {
      let posts = lists.get(locale);
      if (!posts) {
        posts = read(locale);
        lists.set(locale, posts);
      }
      return posts;
    },
    async find(id: string, locale: BlogLocale = 'en'): Promise<BlogPostSummary | undefined> {
      return (await this.list(locale)).find((post) => post.id === id);
    },
  };
}

export type BlogPosts = ReturnType<typeof createBlogPosts>;
