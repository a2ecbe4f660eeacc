import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import type { Editor, Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FOREIGN_IMAGE_ERROR, UPLOAD_QUOTA_ERROR } from '../../../common/comment-rules.js';
import { ApiRequestError } from '../../lib/api-client.js';

/**
 * The editor writes only what its toolbar offers (bold, italic, underline, lists, alignment, text and
 * background color, images) and the links typed into it: the rest of the starter kit, which shortcuts
 * and typed Markdown would reach, is off, since the server keeps no more than this.
 */
export const commentEditorExtensions: Extensions = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    codeBlock: false,
    code: false,
    horizontalRule: false,
    strike: false,
    link: { openOnClick: false, HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } },
  }),
  TextStyle,
  Color,
  BackgroundColor,
  // Logical alignments, so that a paragraph aligned to its start stays there in either direction.
  TextAlign.configure({ types: ['paragraph'], alignments: ['start', 'center', 'end'] }),
  Image.configure({ allowBase64: false }),
];

/** A comment with no text once trimmed, and no image, is not posted. */
export function isBlankComment(editor: Editor): boolean {
  if (editor.getText().trim() !== '') return false;
  let hasImage = false;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'image') hasImage = true;
    return !hasImage;
  });
  return !hasImage;
}

/** The text (under `editor.`) that tells the reader why the server refused a post or an upload. */
export function refusalKey(
  error: unknown,
  fallback: 'postFailed' | 'editFailed' | 'imageFailed',
):
  | 'signInAgain'
  | 'tooMany'
  | 'imageTooBig'
  | 'imageQuotaReached'
  | 'imageWrongType'
  | 'imageNoRoom'
  | 'foreignImage'
  | 'postFailed'
  | 'editFailed'
  | 'editRemoved'
  | 'imageFailed' {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (fallback === 'editFailed' && error.status === 409) return 'editRemoved';
  if (error.status === 401) return 'signInAgain';
  if (error.status === 429) return 'tooMany';
  if (error.status === 403 && error.code === FOREIGN_IMAGE_ERROR) return 'foreignImage';
  if (fallback === 'imageFailed' && error.status === 413)
    return error.code === UPLOAD_QUOTA_ERROR ? 'imageQuotaReached' : 'imageTooBig';
  if (fallback === 'imageFailed' && error.status === 415) return 'imageWrongType';
  if (fallback === 'imageFailed' && error.status === 507) return 'imageNoRoom';
  return fallback;
}
