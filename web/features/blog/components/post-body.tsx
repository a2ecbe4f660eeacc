import { useMemo } from 'react';
import { sanitizePostHtml } from '../sanitize.js';

/**
 * Prose styles for post HTML (headings, lists, code, quotes, tables), written as Tailwind variants
 * on the container so no stylesheet ships with the entry. Logical properties mirror them in Arabic;
 * code blocks stay left to right in every language.
 */
const PROSE = [
  'max-w-none text-[1.0625rem] leading-8 text-slate-800 break-words',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:text-slate-900',
  '[&_h3]:mt-9 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-8 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:decoration-indigo-300 [&_a]:underline-offset-4 [&_a:hover]:text-indigo-900 [&_a:hover]:decoration-indigo-700',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-2 [&_li]:ps-1 [&_li::marker]:text-slate-500',
  '[&_blockquote]:rounded-e-xl [&_blockquote]:border-s-4 [&_blockquote]:border-indigo-400 [&_blockquote]:bg-indigo-50/60 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:text-slate-700',
  '[&_code]:font-mono',
  '[&_:not(pre)>code]:text-[0.875em] [&_:not(pre)>code]:rounded-md [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-slate-900',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-left [&_pre]:text-[0.8125rem] [&_pre]:leading-relaxed [&_pre]:text-slate-100 [&_pre]:[direction:ltr]',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_hr]:my-10 [&_hr]:border-slate-200',
  '[&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border-b [&_th]:border-slate-300 [&_th]:p-2 [&_th]:text-start [&_td]:border-b [&_td]:border-slate-200 [&_td]:p-2',
].join(' ');

/** The post's HTML, sanitised (DOMPurify) before it reaches the page. */
export function PostBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizePostHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: clean }} />;
}
