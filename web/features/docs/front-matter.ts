/**
 * Front matter of the documentation pages (content/docs/{locale}/{slug}.md): a block of `key: value`
 * lines between two `---` lines at the top. Used at build time by the Markdown plugin; it has no
 * dependencies so that tests and the browser can share the types.
 */
export interface DocFrontMatter {
  title: string;
  group: string;
  /** Position inside the group; pages without one come last, by title. */
  order: number;
}

export interface DocMeta extends DocFrontMatter {
  slug: string;
  locale: string;
}

export interface DocPage extends DocMeta {
  /** The rendered page without its first-level heading (the page shows the title itself). */
  html: string;
  /** The first paragraph as plain text, for the meta description. */
  description: string;
}

const FENCE = /^---[ \t]*$/;

function unquote(value: string): string {
  const quoted = /^(['"])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] ?? '') : value;
}

/** Splits a Markdown file into its front-matter fields and its body. A file without front matter has none. */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) return { data: {}, body: lines.join('\n') };
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) return { data: {}, body: lines.join('\n') };
  const data: Record<string, string> = {};
  for (const line of lines.slice(1, end)) {
    const match = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (match?.[1]) data[match[1]] = unquote((match[2] ?? '').trim());
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}

/** The default group of a page that names none. */
export const DEFAULT_GROUP = 'getting-started';

/**
 * The page's title, group and order, with fallbacks so that one careless file never breaks the
 * build: the first `# ` heading or the file name for a title, the default group, the end of the group.
 */
export function toFrontMatter(data: Record<string, string>, body: string, slug: string): DocFrontMatter {
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(body)?.[1];
  const order = Number.parseFloat(data.order ?? '');
  return {
    title: data.title || heading || slug,
    group: data.group || DEFAULT_GROUP,
    order: Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER,
  };
}

/** A fragment id for a heading: lower case letters (any script), digits and dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670]/g, '') // Arabic diacritics
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}
