import { type ReactNode, useId } from 'react';
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
  /** The confirm button's text while busy. */
  busyLabel?: string;
  /** Why the last attempt failed, shown in the dialog, which stays open. */
  error?: string | null;
  /** Fields the action takes (a reason), under the message. */
  children?: ReactNode;
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
  busyLabel = confirmLabel,
  error = null,
  children,
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
      {children && <div className="mt-4 flex flex-col gap-3">{children}</div>}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {/* Cancel takes the focus: Enter on an action that cannot be undone should not do it. */}
        <Button autoFocus disabled={busy} onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button variant="danger" aria-busy={busy} disabled={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
