import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arabicGlossary, createGlossary, glossaryKey } from './arabic-glossary.js';
import { ARABIC_SCRIPT } from './arabic-words.js';
import glossaryFile from './glossary/ar-en.json' with { type: 'json' };
import dictionaryWordsFile from './glossary/ar-en-freedict.json' with { type: 'json' };
import everydayWordsFile from './glossary/ar-en-words.json' with { type: 'json' };
import { termOfWord, textWords } from './text-tokens.js';

const small = createGlossary([
  { en: 'learning', ar: ['التعلم'] },
  { en: 'reinforcement learning', ar: ['التعلم المعزز', 'التعلم بالتعزيز'] },
  { en: 'deep reinforcement learning', ar: ['التعلم المعزز العميق'] },
  { en: 'large language models', ar: ['النماذج اللغوية الكبيرة', 'نماذج اللغة الكبيرة'] },
  { en: 'optimization', ar: ['تحسين'] },
]);

describe('the glossary', () => {
  it('finds the longest phrase first, and the words left over after it', () => {
    expect(small.read('التعلم المعزز العميق للنماذج اللغوية الكبيرة')).toEqual({
      english: ['deep reinforcement learning', 'large language models'],
      senses: [1, 1],
      translated: ['التعلم', 'المعزز', 'العميق', 'للنماذج', 'اللغوية', 'الكبيرة'],
      untranslated: [],
    });
    expect(small.read('التعلم والروبوتات').english).toEqual(['learning']);
    expect(small.read('التعلم والروبوتات').untranslated).toEqual(['والروبوتات']);
  });

  it('finds a phrase whatever its article, number, spelling and vowel marks', () => {
    for (const question of ['نموذج لغوي كبير', 'نماذج لغوية كبيرة', 'النموذج اللغوي الكبير', 'نَمُوذَجُ اللُّغَةِ الكَبِيرُ']) {
      expect(arabicGlossary.read(question).english, question).toEqual(['large language models (LLMs)']);
    }
    expect(small.read('التعلّم بالتعزيز').english).toEqual(['reinforcement learning']);
  });

  it('takes off a letter attached without the article when only that finds the word', () => {
    expect(small.read('ولتحسين التعلم')).toEqual({
      english: ['optimization', 'learning'],
      senses: [1, 1],
      translated: ['تحسين', 'التعلم'],
      untranslated: [],
    });
  });

  it("reads a spelling one list gives several English words as all of them, and an earlier list's as its alone", () => {
    const lists = createGlossary(
      [{ en: 'reinforcement', ar: ['تعزيز'] }],
      [
        { en: 'enhance', ar: ['تعزيز', 'يعزز'] },
        { en: 'boost', ar: ['يعزز'] },
      ],
    );
    expect(lists.read('تعزيز').english).toEqual(['reinforcement']);
    expect(lists.read('يعزز').english).toEqual(['enhance boost']);
    expect(lists.read('تعزيز يعزز').senses).toEqual([1, 2]);
  });

  it('reads a word a question inflects as the form the glossary lists', () => {
    const forms = createGlossary([
      { en: 'model', ar: ['نموذج'] },
      { en: 'lip', ar: ['شفة'] },
      { en: 'extract', ar: ['يستخرج'] },
    ]);
    expect(forms.read('نموذجًا').english).toEqual(['model']);
    expect(forms.read('والشفتين').english).toEqual(['lip']);
    for (const verb of ['تستخرج', 'نستخرج', 'يستخرجوا', 'ويستخرجون'])
      expect(forms.read(verb).english, verb).toEqual(['extract']);
  });

  it('reads a plural before its noun, and a noun with an attached pronoun, as the form the glossary lists', () => {
    const forms = createGlossary([
      { en: 'researchers', ar: ['الباحثون'] },
      { en: 'self-', ar: ['ذاتيون'] },
      { en: 'processing', ar: ['المعالجة'] },
      { en: 'model', ar: ['نموذج', 'نماذج'] },
      { en: 'data', ar: ['البيانات'] },
    ]);
    expect(forms.read('باحثو الجامعات').english).toEqual(['researchers']);
    expect(forms.read('ذاتيو').english).toEqual(['self-']);
    for (const noun of ['معالجتها', 'ومعالجته', 'معالجتهم'])
      expect(forms.read(noun).english, noun).toEqual(['processing']);
    for (const noun of ['نماذجهم', 'نموذجنا', 'بياناتكم']) expect(forms.read(noun).untranslated, noun).toEqual([]);
    expect(forms.read('معالجتها').translated).toEqual(['معالجه']);
  });

  it('keeps the negation of a phrase: the word without it reads as itself', () => {
    const negated = createGlossary([
      { en: 'linear', ar: ['خطي'] },
      { en: 'nonlinear', ar: ['لا خطي'] },
      { en: 'unexplored', ar: ['لم يستكشف'] },
    ]);
    expect(negated.read('خطي').english).toEqual(['linear']);
    expect(negated.read('نموذج لا خطي').english).toEqual(['nonlinear']);
    expect(negated.read('لم يستكشف').english).toEqual(['unexplored']);
    expect(negated.read('يستكشف').english).toEqual([]);
  });

  it('leaves English words, names and numbers as they are', () => {
    expect(arabicGlossary.read('تقنيات RAG للإجابة عن الأسئلة في GPT-4')).toEqual({
      english: ['techniques', 'question answering'],
      senses: [1, 1],
      translated: ['تقنيات', 'للاجابة', 'الاسيلة'],
      untranslated: ['rag', 'gpt', '4'],
    });
    expect(arabicGlossary.read('مقارنة GPT وLlama').untranslated).toEqual(['gpt', 'llama']);
  });
});

describe('the glossary kept in the repository', () => {
  const entries = glossaryFile.entries;
  const key = (phrase: string) =>
    textWords(phrase)
      .flatMap((word) => termOfWord(word) ?? [])
      .join(' ');

  it('has several hundred entries, each an English term and Arabic spellings only', () => {
    expect(entries.length).toBeGreaterThan(500);
    for (const { en, ar } of entries) {
      expect(en, JSON.stringify(ar)).toMatch(/^[\x20-\x7e]+$/);
      expect(ar.length, en).toBeGreaterThan(0);
      for (const phrase of ar)
        expect(
          textWords(phrase).every((word) => ARABIC_SCRIPT.test(word)),
          phrase,
        ).toBe(true);
    }
  });

  it('gives each Arabic spelling one English: no two entries read alike once normalised', () => {
    const englishOf = new Map<string, string>();
    const clashes: string[] = [];
    for (const { en, ar } of entries) {
      for (const phrase of ar) {
        const found = englishOf.get(key(phrase));
        if (found !== undefined && found !== en) clashes.push(`${phrase}: ${found} / ${en}`);
        englishOf.set(key(phrase), en);
      }
    }
    expect(clashes).toEqual([]);
  });

  it.each([
    ['تعلم معزز', 'reinforcement learning (RL)'],
    ['التعلم التعزيزي', 'reinforcement learning (RL)'],
    ['نماذج اللغة الكبيرة', 'large language models (LLMs)'],
    ['النماذج اللغوية الكبيرة', 'large language models (LLMs)'],
    ['ترانسفورمر', 'transformer'],
    ['المحولات', 'transformer'],
    ['التوليد المعزز بالاسترجاع', 'retrieval-augmented generation (RAG)'],
    ['الضبط الدقيق', 'fine-tuning'],
    ['تعلم الآلة', 'machine learning (ML)'],
    ['التعلم الآلي', 'machine learning (ML)'],
  ])('knows the spelling %s', (arabic, english) => {
    expect(arabicGlossary.read(arabic).english).toEqual([english]);
  });
});

describe('the everyday words kept beside it', () => {
  it('gives thousands of English words, each with Arabic spellings of three letters or more', () => {
    expect(everydayWordsFile.entries.length).toBeGreaterThan(3000);
    for (const { en, ar } of everydayWordsFile.entries) {
      expect(en, JSON.stringify(ar)).toMatch(/^[a-z]+$/);
      expect(ar.length, en).toBeGreaterThan(0);
      for (const phrase of ar) {
        expect(
          textWords(phrase).every((word) => ARABIC_SCRIPT.test(word)),
          phrase,
        ).toBe(true);
        // A two-letter stem is also what longer words shrink to (صفات, attributes, to صف, row).
        expect(phrase.replace(/\s/g, '').length, `${en}: ${phrase}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('reads the everyday words of a question, verb forms and broken plurals included', () => {
    expect(arabicGlossary.read('حركة اللسان والشفاه لدى متحدث ثنائي اللغة').english).toEqual(
      expect.arrayContaining(['tongue', 'lip', 'bilingual']),
    );
    expect(arabicGlossary.read('نقترح').english).toEqual(['propose']);
    expect(arabicGlossary.read('صور الأقمار الصناعية').english).toContain('satellite');
  });

  it('leaves an AI term its AI sense where an everyday word is spelled alike', () => {
    const aiEnglish = glossaryFile.entries.find((entry) => entry.ar.includes('تعزيز'))?.en;
    expect(aiEnglish).toBeDefined();
    expect(everydayWordsFile.entries.some((entry) => entry.ar.includes('تعزيز'))).toBe(true);
    expect(arabicGlossary.read('تعزيز').english).toEqual([aiEnglish]);
  });
});

describe("the dictionary's research words read after both", () => {
  it('names its licence, whose text and notice ship beside it', () => {
    expect(dictionaryWordsFile.licence).toMatch(/GPL-2\.0-or-later/);
    for (const file of ['NOTICE', 'COPYING-GPL-2.0'])
      expect(existsSync(new URL(`./glossary/${file}`, import.meta.url)), file).toBe(true);
  });

  it('gives English research words Arabic spellings of three letters or more that neither earlier list gives', () => {
    const earlier = new Set(
      [...glossaryFile.entries, ...everydayWordsFile.entries].flatMap((entry) => entry.ar.map(glossaryKey)),
    );
    expect(dictionaryWordsFile.entries.length).toBeGreaterThan(1000);
    for (const { en, ar } of dictionaryWordsFile.entries) {
      expect(en, JSON.stringify(ar)).toMatch(/^[a-z]{3,}( [a-z]{3,})?$/);
      for (const phrase of ar) {
        expect(
          textWords(phrase).every((word) => ARABIC_SCRIPT.test(word)),
          phrase,
        ).toBe(true);
        expect(phrase.replace(/\s/g, '').length, `${en}: ${phrase}`).toBeGreaterThanOrEqual(3);
        expect(earlier.has(glossaryKey(phrase)), `${en}: ${phrase}`).toBe(false);
      }
    }
  });

  it('reads a word only the dictionary knows', () => {
    expect(dictionaryWordsFile.entries.find((entry) => entry.en === 'outputs')?.ar).toContain('النواتج');
    expect(arabicGlossary.read('النواتج').english).toEqual(['outputs']);
  });
});
