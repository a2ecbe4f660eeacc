import type { Editor } from '@tiptap/react';
import type { LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { MAX_STORED_UPLOAD_BYTES, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES } from '../../../../common/comment-rules.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { uploadImage } from '../api.js';
import { refusalKey } from '../comment-editor.js';

const MEGABYTE = 1024 * 1024;
const ACCEPTED_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

interface ImageButtonProps {
  editor: Editor;
  className: string;
  icon: LucideIcon;
  /** Says why an image was refused, or null once one is added. */
  onProblem: (message: string | null) => void;
}

/**
 * Picks an image file, uploads it and inserts the stored image. A file too big or of another type is
 * refused before it is sent; the server checks again, by the file's bytes.
 */
export function ImageButton({ editor, className, icon: Icon, onProblem }: ImageButtonProps) {
  const { t } = useTranslation('comments');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const label = uploading ? t('editor.uploading') : t('editor.image');

  const add = async (file: File) => {
    if (!ACCEPTED_TYPES.includes(file.type)) return onProblem(t('editor.imageWrongType'));
    if (file.size > MAX_UPLOAD_BYTES)
      return onProblem(t('editor.imageTooBig', { megabytes: MAX_UPLOAD_BYTES / MEGABYTE }));
    setUploading(true);
    try {
      const src = await uploadImage(file);
      editor.chain().focus().setImage({ src, alt: '' }).run();
      onProblem(null);
    } catch (error) {
      logUnexpected('Failed to upload the image', error);
      const refusal = refusalKey(error, 'imageFailed');
      const limit = refusal === 'imageQuotaReached' ? MAX_STORED_UPLOAD_BYTES : MAX_UPLOAD_BYTES;
      onProblem(t(`editor.${refusal}`, { megabytes: limit / MEGABYTE }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        // Not disabled while uploading, which would throw the focus out of the toolbar.
        aria-disabled={uploading}
        onClick={() => {
          if (!uploading) input.current?.click();
        }}
      >
        <Icon className="size-4" aria-hidden />
      </button>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that picking the same file again is noticed.
          event.target.value = '';
          if (file) void add(file);
        }}
      />
    </>
  );
}
