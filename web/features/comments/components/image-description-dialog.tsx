import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ModalDialog } from '../../../components/ui/modal-dialog.js';
import { useTranslation } from '../../../lib/i18n.js';

/** The longest description kept: a sentence or two, which a screen reader reads in one go. */
const MAX_DESCRIPTION_LENGTH = 250;

export interface ImageDescriptionRequest {
  /** The image described: the picked file's preview, or the image in the comment. */
  src: string;
  description: string;
  /** A picked image, added with its description, or an image of the comment, whose description changes. */
  purpose: 'add' | 'edit';
}

/** Opens the dialog; resolves with the description, or null when the reader cancels. */
export type DescribeImage = (request: ImageDescriptionRequest) => Promise<string | null>;

interface DescriptionFormProps {
  request: ImageDescriptionRequest;
  titleId: string;
  hintId: string;
  onDone: (description: string) => void;
  onCancel: () => void;
}

function DescriptionForm({ request, titleId, hintId, onDone, onCancel }: DescriptionFormProps) {
  const { t } = useTranslation('comments');
  const inputId = useId();
  const [description, setDescription] = useState(request.description);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone(description.trim());
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('editor.describe.title')}
      </h2>
      <img src={request.src} alt="" className="max-h-48 rounded-lg border border-slate-200 object-contain" />
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block font-medium text-slate-900">
          {t('editor.describe.label')}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {t('editor.describe.hint')}
        </p>
        <input
          id={inputId}
          value={description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          dir="auto"
          aria-describedby={hintId}
          onChange={(event) => setDescription(event.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-indigo-600 focus:ring-1 focus:ring-indigo-600 focus:outline-none"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel}>{t('editor.describe.cancel')}</Button>
        <Button type="submit" variant="primary">
          {request.purpose === 'add' ? t('editor.describe.add') : t('editor.describe.save')}
        </Button>
      </div>
    </form>
  );
}

interface ImageDescriptionDialogProps {
  /** What to describe; null while the dialog is closed. */
  request: ImageDescriptionRequest | null;
  /** The description as written, trimmed; empty for an image that needs none (a decoration). */
  onDone: (description: string) => void;
  onCancel: () => void;
}

/** Asks what an image shows, its alt text, for readers who cannot see it. */
export function ImageDescriptionDialog({ request, onDone, onCancel }: ImageDescriptionDialogProps) {
  const titleId = useId();
  const hintId = useId();
  return (
    <ModalDialog open={request !== null} onClose={onCancel} labelledBy={titleId} className="max-w-md">
      {request && (
        <DescriptionForm
          key={request.src}
          request={request}
          titleId={titleId}
          hintId={hintId}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </ModalDialog>
  );
}

/** The dialog, to render once outside the toolbar (whose arrow keys would move its focus), and its opener. */
export function useImageDescription(): { describe: DescribeImage; dialog: ReactNode } {
  const [asked, setAsked] = useState<{
    request: ImageDescriptionRequest;
    finish: (description: string | null) => void;
  } | null>(null);
  const describe = useCallback<DescribeImage>(
    (request) =>
      new Promise((resolve) => {
        setAsked({
          request,
          finish: (description) => {
            setAsked(null);
            resolve(description);
          },
        });
      }),
    [],
  );
  const dialog = (
    <ImageDescriptionDialog
      request={asked?.request ?? null}
      onDone={(description) => asked?.finish(description)}
      onCancel={() => asked?.finish(null)}
    />
  );
  return { describe, dialog };
}
