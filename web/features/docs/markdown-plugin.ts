/**
 * Build-time Markdown for the documentation (a Vite plugin, used only by vite.config.ts): every
 * content/docs/{locale}/{slug}.md becomes a JavaScript module of its rendered HTML, so no Markdown
 * parser ships to the browser. Importing a file with `?meta` gives only its title, group and order,
 * for the sidebar.
 */
import { readFile } from 'node:fs/promises';
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import type { Plugin } from 'vite';
import { type DocMeta, type DocPage, parseFrontMatter, slugify, toFrontMatter } from './front-matter.js';

const DOC_FILE = /[\\/]content[\\/]docs[\\/]([a-z]{2}(?:-[A-Za-z]{2})?)[\\/]([\w-]+)\.md$/;
const DESCRIPTION_LENGTH = 160;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** Plain text of rendered inline HTML: tags dropped, the entities marked writes decoded. */
const toPlainText = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
/**
 * Inline code escaped, with line-break opportunities after each slash and before a query or fragment,
 * so a long URL or path on a narrow screen wraps between its parts rather than inside a word.
 */
const codeWithBreaks = (text: string) =>
  text
    .split(/(?<=\/)(?!\/)|(?=[?&#])/)
    .map(escapeHtml)
    .join('<wbr>');

/**
 * Where a link in a page goes: another page (`installation.md`, `./installation.md#requirements`,
 * `../en/installation.md`) becomes its documentation address; anything else is left as written.
 */
export function rewriteDocHref(href: string): { href: string; kind: 'doc' | 'external' | 'other' } {
  if (/^https?:\/\//i.test(href)) return { href, kind: 'external' };
  const doc = /^(?:\.{1,2}\/)*(?:[a-z]{2}\/)?([\w-]+)\.md(#.*)?$/.exec(href);
  if (doc) return { href: `/documentation?page=${doc[1]}${doc[2] ?? ''}`, kind: 'doc' };
  return { href, kind: 'other' };
}

function clip(text: string, length: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}

function hasLink(tokens: readonly Token[]): boolean {
  return tokens.some((token) => token.type === 'link' || ('tokens' in token && token.tokens && hasLink(token.tokens)));
}

/** Renders one page: front matter, anchored headings, styled code blocks and tables, rewritten links. */
export function renderDoc(source: string, slug: string, locale: string): DocPage {
  const { data, body } = parseFrontMatter(source);
  const frontMatter = toFrontMatter(data, body, slug);
  const usedIds = new Map<string, number>();
  const uniqueId = (text: string) => {
    const base = slugify(text) || 'section';
    const seen = usedIds.get(base) ?? 0;
    usedIds.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };
  const base = new Renderer();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        // The text renderer gives the heading's words as written (no tags, nothing escaped).
        const id = uniqueId(this.parser.parseInline(tokens, this.parser.textRenderer));
        // The heading text is its own link, so each section can be linked to without extra controls.
        const content = hasLink(tokens) ? inner : `<a class="doc-anchor" href="#${id}">${inner}</a>`;
        return `<h${depth} id="${id}" tabindex="-1">${content}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const target = rewriteDocHref(href);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        const extra =
          target.kind === 'external'
            ? ' class="doc-external" target="_blank" rel="noopener noreferrer"'
            : target.kind === 'doc'
              ? ' data-doc-link=""'
              : '';
        return `<a href="${escapeHtml(target.href)}"${titleAttribute}${extra}>${inner}</a>`;
      },
      code({ text, lang }) {
        const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
        const label = language ? `<span class="doc-code-lang">${escapeHtml(language)}</span>` : '';
        const languageClass = language ? ` class="language-${escapeHtml(language)}"` : '';
        // Focusable, so the keyboard can scroll a long line; always left to right, even in Arabic pages.
        return `<div class="doc-code" dir="ltr">${label}<pre tabindex="0"><code${languageClass}>${escapeHtml(text.replace(/\n$/, ''))}</code></pre></div>\n`;
      },
      codespan({ text }) {
        return `<code dir="ltr">${codeWithBreaks(text)}</code>`;
      },
      table(token: Tokens.Table) {
        return `<div class="doc-table" tabindex="0">${base.table.call(this, token)}</div>\n`;
      },
      // Pages are Markdown only: raw HTML is shown as text, never run.
      html({ text }) {
        return escapeHtml(text);
      },
    },
  });

  const tokens = marked.lexer(body);
  const firstContent = tokens.findIndex((token) => token.type !== 'space');
  const first = tokens[firstContent];
  if (first?.type === 'heading' && (first as Tokens.Heading).depth === 1) tokens.splice(firstContent, 1);
  const paragraph = tokens.find((token): token is Tokens.Paragraph => token.type === 'paragraph');
  const description = paragraph
    ? clip(toPlainText(marked.parseInline(paragraph.text) as string), DESCRIPTION_LENGTH)
    : '';

  return {
    slug,
    locale,
    ...frontMatter,
    html: marked.parser(tokens),
    description,
  };
}

/** The Vite plugin: loads documentation Markdown files as modules. */
export function docsMarkdown(): Plugin {
  return {
    name: 'docs-markdown',
    enforce: 'pre',
    async load(id) {
      const [file = '', query = ''] = id.split('?');
      const match = DOC_FILE.exec(file);
      if (!match) return null;
      const [, locale = 'en', slug = ''] = match;
      this.addWatchFile(file);
      const page = renderDoc(await readFile(file, 'utf8'), slug, locale);
      const value: DocMeta | DocPage = new URLSearchParams(query).has('meta')
        ? { slug: page.slug, locale: page.locale, title: page.title, group: page.group, order: page.order }
        : page;
      return { code: `export default ${JSON.stringify(value)};`, moduleType: 'js' };
    },
  };
}
