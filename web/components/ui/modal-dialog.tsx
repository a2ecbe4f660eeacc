import { type ReactNode, useEffect, useRef } from 'react';

interface ModalDialogProps {
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or a button of the dialog. */
  onClose: () => void;
  /** The id of the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  /** Pressing Escape or the backdrop is ignored while true (a request is running). */
  busy?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, keeps the focus
 * inside, closes on Escape and returns the focus to where it was. A click on the backdrop lands on
 * the dialog element itself (its content fills it), and closes it too.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  busy = false,
  className = '',
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  // Closed on unmount too, so that the page is not left inert.
  useEffect(() => () => ref.current?.close(), []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes the dialog with Escape (its cancel event).
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 ${className}`}
    >
      {open && <div className="p-5 sm:p-6">{children}</div>}
    </dialog>
  );
}
