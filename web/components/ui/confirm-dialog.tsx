import { useId } from 'react';
import { Button } from './button.js';
import { ModalDialog } from './modal-dialog.js';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The action runs: both buttons are disabled and the dialog stays open. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone (deleting a paper); Cancel, Escape or the backdrop say no. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={messageId}
      busy={busy}
      className="max-w-md"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button disabled={busy} onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button variant="danger" aria-busy={busy} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
