import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { textDirection } from '../../lib/i18n.js';

/** How long a toast shows: 3 s for the admin screens' results (queue messages ask for 5 s). */
export const TOAST_MS = 3_000;

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
