import { fileURLToPath } from 'node:url';

/** The project root, whether this runs from server/ under tsx or from dist/server/ compiled. */
export const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/server/') ? '../../' : '../', import.meta.url),
);

export const WEB_DIST_DIR = `${PROJECT_ROOT}dist/web`;

/** The server renderer of the public pages, built from web/entry-server.tsx. */
export const SSR_ENTRY_FILE = `${PROJECT_ROOT}dist/ssr/entry-server.js`;

export const BLOG_CONTENT_DIR = `${PROJECT_ROOT}content/blog`;

export const DOCS_CONTENT_DIR = `${PROJECT_ROOT}content/docs`;

/** The site's icon, which the API reference shows in its top bar too. */
export const SITE_ICON_FILE = `${PROJECT_ROOT}web/public/favicon.svg`;

/** The folder of uploaded images in DATA_DIR. */
export const UPLOADS_FOLDER = 'uploads';
