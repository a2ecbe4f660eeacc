import { type ExternalToast, Toaster as Sonner, toast as sonnerToast } from 'sonner';
import { textDirection, useTranslation } from '../../lib/i18n.js';

/** How long a toast shows: 3 s for the admin screens' results (queue messages ask for 5 s). */
export const TOAST_MS = 3_000;

type ToastKind = 'success' | 'error' | 'info';

const oneToastPerMessage =
  (kind: ToastKind) =>
  (message: string, options?: ExternalToast): string | number =>
    sonnerToast[kind](message, { ...options, id: options?.id ?? message });

/**
 * The site's toasts: at most one per message. A toast named by the text of one still on screen
 * replaces it (its timer starts again), so repeating an action never piles up copies of one answer.
 * Every screen raises its toasts here, never through sonner's own `toast`.
 */
export const toast = {
  success: oneToastPerMessage('success'),
  error: oneToastPerMessage('error'),
  info: oneToastPerMessage('info'),
  dismiss: sonnerToast.dismiss,
};

/**
 * Where toasts appear, in the page's direction. Rendered by the screens that toast, so sonner loads
 * with them and never with the public pages. With an `id`, it shows only the toasts sent to that id
 * (`toast(text, { toasterId })`): a modal dialog keeps its own, since the page beneath it is inert.
 */
export function Toaster({ id }: { id?: string }) {
  const { i18n } = useTranslation();
  const dir = textDirection(i18n.language === 'ar' ? 'ar' : 'en');
  return (
    <Sonner
      id={id}
      dir={dir}
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      duration={TOAST_MS}
      richColors
      closeButton
    />
  );
}
