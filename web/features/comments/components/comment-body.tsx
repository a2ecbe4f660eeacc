import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n.js';
import { sanitizeCommentHtml } from '../sanitize.js';

/**
 * Rich-text styles for comment HTML. Each paragraph takes its direction from its own text, so
 * 'align to the start' is right in an Arabic paragraph and left in an English one.
 */
const RICH_TEXT = [
  'break-words text-slate-800 leading-7',
  '[&>*+*]:mt-3 [&_p]:[unicode-bidi:plaintext]',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6',
  '[&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-4',
  '[&_img]:my-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_.image-removed]:my-2 [&_.image-removed]:block [&_.image-removed]:w-fit [&_.image-removed]:rounded-lg [&_.image-removed]:border [&_.image-removed]:border-dashed [&_.image-removed]:border-slate-300 [&_.image-removed]:bg-slate-50 [&_.image-removed]:px-3 [&_.image-removed]:py-2 [&_.image-removed]:text-sm [&_.image-removed]:italic [&_.image-removed]:text-slate-600',
].join(' ');

/** The comment's HTML with each image replaced by a note saying a moderator removed it. */
function withImagesRemoved(html: string, note: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll('img')) {
    const replacement = document.createElement('span');
    replacement.className = 'image-removed';
    replacement.textContent = note;
    image.replaceWith(replacement);
  }
  return template.innerHTML;
}

interface CommentBodyProps {
  html: string;
  /** A moderator removed the comment: its images are gone from the server, so a note stands in each one's place. */
  removed?: boolean;
  className?: string;
}

/** A comment's text as readers see it: sanitised again, with the rich-text styles of the editor. */
export function CommentBody({ html, removed = false, className = '' }: CommentBodyProps) {
  const { t } = useTranslation('comments');
  const note = t('removed.image');
  const shown = useMemo(() => {
    const clean = sanitizeCommentHtml(html);
    return removed ? withImagesRemoved(clean, note) : clean;
  }, [html, removed, note]);
  return (
    <div
      dir="auto"
      className={`${RICH_TEXT} ${className}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
