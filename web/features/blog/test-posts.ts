import type { BlogPost } from './posts.js';

/** A post for tests, with every field filled in unless overridden. */
export function makePost(overrides: Partial<BlogPost> & Pick<BlogPost, 'id'>): BlogPost {
  return {
    title: `Title of ${overrides.id}`,
    description: `Description of ${overrides.id}.`,
    date: '2025-01-01',
    category: 'Guides',
    tags: [],
    author: { name: 'Ada Lovelace', role: 'Core Team' },
    content: `<p>Body of ${overrides.id}.</p>`,
    excerpt: null,
    locale: 'en',
    ...overrides,
  };
}
