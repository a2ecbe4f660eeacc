import { describe, expect, it } from 'vitest';
import { cleanAbstractText, splitSentences } from './abstract-text.js';

describe('cleanAbstractText', () => {
  it('turns escaped characters back into themselves', () => {
    expect(cleanAbstractText(String.raw`gains of 12.5\% on R\&D tasks at \$5 per run, using snake\_case`)).toBe(
      'gains of 12.5% on R&D tasks at $5 per run, using snake_case',
    );
  });

  it('keeps the text of formatting commands, nested or not, and drops citations', () => {
    expect(
      cleanAbstractText(
        String.raw`We propose \textbf{\emph{FastRAG}} \cite{lewis2020}, see \href{https://x.org}{our code}.`,
      ),
    ).toBe('We propose FastRAG, see our code.');
  });

  it('reads inline maths as plain text', () => {
    expect(
      cleanAbstractText(String.raw`a $2\times$ speed-up, $k^{2}$ terms, $F_1$ of $\sim$90 and $\alpha \leq 0.5$`),
    ).toBe('a 2× speed-up, k² terms, F1 of ~90 and α ≤ 0.5');
  });

  it('folds accent commands into accented letters', () => {
    expect(cleanAbstractText(String.raw`Schr\"odinger, Erd\H{o}s, G\'abor and Ca\c{c}ar`)).toBe(
      'Schrödinger, Erdős, Gábor and Caçar',
    );
  });

  it('collapses whitespace and leaves no stray braces, dollars or backslashes', () => {
    const cleaned = cleanAbstractText('  Results {of}  $x$ \\method{} here .  ');
    expect(cleaned).toBe('Results of x method here.');
  });
});

describe('splitSentences', () => {
  it('splits at full stops, question and exclamation marks followed by a capital', () => {
    expect(splitSentences('First one. Second one? Third one! 4 models were used.')).toEqual([
      'First one.',
      'Second one?',
      'Third one!',
      '4 models were used.',
    ]);
  });

  it('does not break on e.g., i.e., et al., vs. or decimals', () => {
    const text =
      'We compare models, e.g. GPT-4 and Llama, i.e. Two Families, following Smith et al. Results improve by 3.5 points vs. Baselines. Next sentence.';
    expect(splitSentences(text)).toEqual([
      'We compare models, e.g. GPT-4 and Llama, i.e. Two Families, following Smith et al. Results improve by 3.5 points vs. Baselines.',
      'Next sentence.',
    ]);
  });

  it('does not break where the next word is in lower case', () => {
    expect(splitSentences('We use approx. ten runs. Then stop.')).toEqual(['We use approx. ten runs.', 'Then stop.']);
  });

  it('keeps a middle initial and an enumeration marker inside their sentence', () => {
    expect(splitSentences('Data comes from the Vera C. Rubin Observatory. Steps: 1. Clean data. 2. Train.')).toEqual([
      'Data comes from the Vera C. Rubin Observatory.',
      'Steps: 1. Clean data.',
      '2. Train.',
    ]);
  });

  it('drops the headings of structured abstracts', () => {
    expect(splitSentences('Background: Models fail. Methods: We train one.')).toEqual([
      'Models fail.',
      'We train one.',
    ]);
  });

  it('keeps a closing quote or bracket with its sentence', () => {
    expect(splitSentences('They said "it works." Then (as shown.) We go.')).toEqual([
      'They said "it works."',
      'Then (as shown.)',
      'We go.',
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(splitSentences('')).toEqual([]);
  });
});
