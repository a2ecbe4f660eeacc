import { describe, expect, it } from 'vitest';
import { normaliseArabic } from '../../../common/arabic-spelling.js';
import { arabicTerm } from './arabic-words.js';
import { textTokens } from './text-tokens.js';

describe('Arabic words', () => {
  it.each([
    ['أ إ آ ٱ as alef', 'أداة إدارة آلة ٱلتعلم', 'اداه اداره اله التعلم'],
    ['ta marbuta as ha', 'الشبكة', 'الشبكه'],
    ['alef maqsura as ya', 'مستوى', 'مستوي'],
    ['vowel marks and shadda removed', 'تَعَلُّمٌ', 'تعلم'],
    ['tatweel removed', 'نمـــوذج', 'نموذج'],
    ['Persian kaf and ya as Arabic', 'کتابی', 'كتابي'],
    ['Arabic-Indic digits as digits', '٤٢ ۷', '42 7'],
  ])('are written one way: %s', (_name, written, normalised) => {
    expect(normaliseArabic(written)).toBe(normalised);
  });

  it.each([
    ['the article', ['التعلم', 'تعلم'], 'تعلم'],
    [
      'the article with "and", "by", "as", "so", "to"',
      ['والنماذج', 'بالنماذج', 'كالنماذج', 'فالنماذج', 'للنماذج'],
      'نماذج',
    ],
    ['a leading "and"', ['ونماذج', 'نماذج'], 'نماذج'],
    ['the nisba ending', ['اللغوية', 'لغوي', 'اللغوي'], 'لغو'],
    ['sound plurals', ['الشبكات', 'شبكة', 'الشبكة'], 'شبك'],
    ['an attached pronoun', ['نماذجها', 'النماذج'], 'نماذج'],
  ])('meet on one stem across %s', (_name, words, stem) => {
    for (const word of words) expect(arabicTerm(word), word).toBe(stem);
  });

  it('keeps a wa that is the root’s own letter', () => {
    expect(arabicTerm('وكيل')).toBe('وكيل');
    expect(arabicTerm('الوكيل')).toBe('وكيل');
    expect(arabicTerm('وظيفة')).toBe(arabicTerm('الوظيفة'));
  });

  it('leaves out prepositions, pronouns and question words, alone or after "and"', () => {
    expect(textTokens('ما هي أفضل الطرق في التعلم المعزز وفي الرؤية؟')).toEqual(['افضل', 'طرق', 'تعلم', 'معزز', 'رو']);
    expect(arabicTerm('هل')).toBeNull();
    expect(textTokens('كيف يستطيع الوكيل أن يخطط بدلا من أن يحفظ')).toEqual(['وكيل', 'يخطط', 'يحفظ']);
    expect(arabicTerm('وعلى')).toBeNull();
  });

  it('keeps the negation that makes a term its opposite', () => {
    expect(textTokens('التعلم غير الخاضع للإشراف')).toEqual(['تعلم', 'غير', 'خاضع', 'اشراف']);
  });

  it('leaves out the article written alone before a foreign word', () => {
    expect(textTokens('الـ LLM والـ transformers')).toEqual(['llm', 'transform']);
  });

  it('leaves English words to the English stemmer', () => {
    expect(textTokens('تقنيات RAG for models')).toEqual(['تقن', 'rag', 'model']);
  });
});
