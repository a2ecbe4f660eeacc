import { fileURLToPath } from 'node:url';

/** The project root, whether this runs from server/ under tsx or from dist/server/ compiled. */
export const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../../' : '../', import.meta.url),
);

export const WEB_DIST_DIR = `${PROJECT_ROOT}dist/web`;

export const BLOG_CONTENT_DIR = `${PROJECT_ROOT}content/blog`;
