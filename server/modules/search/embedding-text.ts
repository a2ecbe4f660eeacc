import type { Summary } from '../../../common/papers.js';

export interface EmbeddedFields {
  title: string;
  abstract: string;
  summary: Pick<Summary, 'Paper_one_line'> | null;
}

/**
 * The text a paper's vector is made from: title, one-line summary, then abstract. The bundled
 * encoder reads only about the first 128 tokens, so the densest parts come first; a one-line
 * summary that merely repeats the abstract's opening is left out.
 */
export function embeddingText({ title, abstract, summary }: EmbeddedFields): string {
  const oneLine = summary?.Paper_one_line?.trim() ?? '';
  const parts = [title.trim()];
  if (oneLine && oneLine !== 'Null' && !abstract.includes(oneLine.replace(/\.$/, ''))) parts.push(oneLine);
  parts.push(abstract.trim());
  return parts.join('\n');
}
