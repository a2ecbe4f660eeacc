import type { Editor } from '@tiptap/react';
import type { LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { MAX_STORED_UPLOAD_BYTES, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES } from '../../../../common/comment-rules.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { uploadImage } from '../api.js';
import { refusalKey } from '../comment-editor.js';
import type { DescribeImage } from './image-description-dialog.js';

const MEGABYTE = 1024 * 1024;
const ACCEPTED_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;

interface ImageButtonProps {
  editor: Editor;
  className: string;
  icon: LucideIcon;
  /** Asks for the image's description before it is sent. */
  describe: DescribeImage;
  /** Says why an image was refused, or null once one is added. */
  onProblem: (message: string | null) => void;
}

/** The picked file as a data: URL, the one kind of local image the site's content policy shows. */
function previewOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Picks an image file, asks what it shows, uploads it and inserts the stored image with that
 * description. A file too big or of another type is refused before it is described or sent; the
 * server checks again, by the file's bytes.
 */
export function ImageButton({ editor, className, icon: Icon, describe, onProblem }: ImageButtonProps) {
  const { t } = useTranslation('comments');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const label = uploading ? t('editor.uploading') : t('editor.image');

  const add = async (file: File) => {
    if (!ACCEPTED_TYPES.includes(file.type)) return onProblem(t('editor.imageWrongType'));
    if (file.size > MAX_UPLOAD_BYTES)
      return onProblem(t('editor.imageTooBig', { megabytes: MAX_UPLOAD_BYTES / MEGABYTE }));
    try {
      const description = await describe({ src: await previewOf(file), description: '', purpose: 'add' });
      if (description === null) return;
      setUploading(true);
      const src = await uploadImage(file);
      editor.chain().focus().setImage({ src, alt: description }).run();
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
