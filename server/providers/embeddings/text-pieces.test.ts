import { describe, expect, it } from 'vitest';
import { PIECE_CHARS, textPieces } from './text-pieces.js';

describe('textPieces', () => {
  it('keeps a short text whole', () => {
    expect(textPieces('How do agents share memory?')).toEqual(['How do agents share memory?']);
  });

  it('cuts at sentence ends and lines, joining sentences up to the piece length', () => {
    const sentence = (n: number) => `Sentence ${n} says something about agents and their tools here.`;
    const text = `A title on its own line\n${Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ')}`;
    const pieces = textPieces(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces[0]?.startsWith('A title on its own line Sentence 1 says')).toBe(true);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(PIECE_CHARS);
    expect(pieces.join(' ')).toBe(text.replace('\n', ' '));
  });

  it('does not cut inside a number or before a lower-case word', () => {
    expect(textPieces('Accuracy rose to 92.5 percent. e.g. it helps.')).toEqual([
      'Accuracy rose to 92.5 percent. e.g. it helps.',
    ]);
  });

  it('leaves a sentence longer than a piece whole, as its own piece', () => {
    const long = `Words ${'and more words '.repeat(40).trim()}.`;
    expect(textPieces(`Short one. ${long} Short two.`)).toEqual(['Short one.', long, 'Short two.']);
  });
});
