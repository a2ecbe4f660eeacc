/** Comment and upload rules shared by server and client, free of zod so the web bundle stays small. */

/** The longest comment HTML accepted. */
export const MAX_COMMENT_HTML_LENGTH = 20_000;

/** Editor images: the types recognised by their bytes, and the largest accepted. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The most an account may keep stored in images, counting those not yet removed for being unused. */
export const MAX_STORED_UPLOAD_BYTES = 50 * 1024 * 1024;
/** The error code of an upload refused because the account's images would pass MAX_STORED_UPLOAD_BYTES. */
export const UPLOAD_QUOTA_ERROR = 'upload_quota_exceeded';

/** Where uploaded images are served; the comment HTML policy accepts images only from here. */
/** A comment may show only images its author uploaded: one showing another account's is refused with this code. */
export const FOREIGN_IMAGE_ERROR = 'foreign_image';

export const UPLOADS_PATH_PREFIX = '/uploads/';

/** Comments shown at first, and revealed by each 'Show more'. */
export const COMMENTS_PAGE_SIZE = 5;
/** The most comments one page of the paged call answers. */
export const COMMENTS_PAGE_MAX = 100;

/** The orders a paper's comments are listed in: most recent first, or oldest first. */
export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];
