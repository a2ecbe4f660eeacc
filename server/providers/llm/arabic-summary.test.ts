import { describe, expect, it } from 'vitest';
import type { ArabicSummary } from '../../../common/papers.js';
import { checkArabicSummary } from './arabic-summary.js';

const english: ArabicSummary = {
  Paper_one_line: 'Agents rewrite their tools.',
  Problem: 'Tools go stale.',
  Takeaway: 'Let agents fix tools.',
  Results: ['Success rises by 12%.', 'Cost falls by half.'],
  Critique: 'Null',
  terms: [
    { name: 'LLM', explanation: 'A large language model.' },
    { name: 'Tool use', explanation: 'Calling functions.' },
  ],
};

const arabic: ArabicSummary = {
  Paper_one_line: 'وكلاء يعيدون كتابة أدواتهم.',
  Problem: 'تتقادم الأدوات.',
  Takeaway: 'دع الوكلاء يصلحون الأدوات.',
  Results: ['يرتفع النجاح بنسبة 12%.', 'تنخفض التكلفة إلى النصف.'],
  Critique: 'Null',
  terms: [
    { name: 'tool use ', explanation: 'استدعاء الدوال.' },
    { name: 'LLM', explanation: 'نموذج لغوي كبير.' },
  ],
};

describe('checking the Arabic summary', () => {
  it('keeps a whole answer, with the English term names in the English order', () => {
    expect(checkArabicSummary(english, arabic)).toEqual({
      usable: {
        ...arabic,
        terms: [
          { name: 'LLM', explanation: 'نموذج لغوي كبير.' },
          { name: 'Tool use', explanation: 'استدعاء الدوال.' },
        ],
      },
    });
  });

  it("keeps 'Null' where the English does not apply, whatever the model wrote there", () => {
    const checked = checkArabicSummary(english, { ...arabic, Critique: 'لا يوجد' });
    expect(checked).toMatchObject({ usable: { Critique: 'Null' } });
  });

  it('refuses an answer missing a field, a result or a term, or left in English, and says what is wrong', () => {
    expect(checkArabicSummary(english, { ...arabic, Problem: 'Null' })).toEqual({
      unusable: 'Problem is not in Arabic',
    });
    expect(checkArabicSummary(english, { ...arabic, Results: [arabic.Results[0] ?? '', '  '] })).toEqual({
      unusable: 'Results has 1 entries for 2',
    });
    expect(
      checkArabicSummary(english, { ...arabic, Takeaway: english.Takeaway, terms: arabic.terms.slice(1) }),
    ).toEqual({ unusable: 'Takeaway is not in Arabic; the term Tool use is not explained in Arabic' });
  });
});
