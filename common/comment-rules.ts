/** Comment and upload rules shared by server and client, free of zod so the web bundle stays small. */

/** The longest comment HTML accepted. */
export const MAX_COMMENT_HTML_LENGTH = 20_000;

/** Editor images: the types recognised by their bytes, and the largest accepted. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Where uploaded images are served; the comment HTML policy accepts images only from here. */
export const UPLOADS_PATH_PREFIX = '/uploads/';

/** Comments shown at first, and revealed by each 'Show more'. */
export const COMMENTS_PAGE_SIZE = 5;
