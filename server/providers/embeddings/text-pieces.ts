/**
 * The longest piece of a text embedded as one: about 100 tokens of English prose, under the bundled
 * encoder's 128, so a piece is read whole.
 */
export const PIECE_CHARS = 450;

/**
 * The text cut into pieces of whole sentences (lines count as sentences), each at most PIECE_CHARS
 * long unless one sentence is longer. A short text, such as a search query, is one piece.
 */
export function textPieces(text: string): string[] {
  const sentences = text
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
  const pieces: string[] = [];
  let piece = '';
  for (const sentence of sentences) {
    if (piece && piece.length + 1 + sentence.length > PIECE_CHARS) {
      pieces.push(piece);
      piece = sentence;
    } else piece = piece ? `${piece} ${sentence}` : sentence;
  }
  if (piece) pieces.push(piece);
  return pieces.length > 0 ? pieces : [text];
}
