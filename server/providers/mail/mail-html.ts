import type { Locale } from '../../../common/account-rules.js';

/** Text made safe to place in HTML content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A mail's HTML document around its content (HTML already escaped): the site's white card on a
 * grey page, in the reader's language, right to left for Arabic. Styles are inline: mail clients
 * drop style sheets.
 */
export function mailDocument(locale: Locale, content: string): string {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Tahoma,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;text-align:${dir === 'rtl' ? 'right' : 'left'}" dir="${dir}">
${content}
</div>
</body>
</html>`;
}
