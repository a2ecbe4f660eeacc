import type { CategoriesRepo } from './repo.js';

export function createCategoriesService(repo: CategoriesRepo) {
  return {
    listNames: () => repo.listNames(),
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
