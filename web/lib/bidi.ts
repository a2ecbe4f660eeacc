/**
 * Text of another direction inside a sentence given as a plain string (a dialog's message), isolated
 * by FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: an English title in an Arabic sentence keeps its
 * words in order and leaves the sentence's punctuation where it was, as <bdi> does in markup.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
