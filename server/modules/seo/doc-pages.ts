import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The documentation's pages by slug (content/docs/en/{slug}.md, the same slugs in every language):
 * each is a page of its own at /documentation?page={slug}, for the sitemap and for its canonical address.
 */
export function readDocSlugs(docsDir: string): string[] {
  try {
    return readdirSync(path.join(docsDir, 'en'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => file.slice(0, -'.md'.length))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The address of a documentation page. */
export const docPagePath = (slug: string) => `/documentation?${new URLSearchParams({ page: slug })}`;
