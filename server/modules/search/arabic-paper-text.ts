import { ARABIC_SCRIPT } from './arabic-words.js';
import type { PaperTextRow } from './repo.js';
import { textWords } from './text-tokens.js';

/** Every text a JSON value holds, in order: the fields, list entries and terms of an Arabic summary. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

function summaryTexts(json: string | null): string[] {
  if (!json) return [];
  try {
    return textsOf(JSON.parse(json));
  } catch {
    return [];
  }
}

/**
 * The Arabic words of a paper: its abstract's translation, its summary's Arabic and the Arabic names
 * of its categories. Only words in Arabic script: the names of models and methods a translation
 * keeps in English are the English text's already, and counted twice they would rank the
 * translated papers higher for English questions.
 */
export function arabicWordsOf(row: Pick<PaperTextRow, 'abstract_translation' | 'summary_ar' | 'category_names_ar'>) {
  const texts = [row.abstract_translation ?? '', ...summaryTexts(row.summary_ar), row.category_names_ar ?? ''];
  return texts
    .flatMap((text) => textWords(text))
    .filter((word) => ARABIC_SCRIPT.test(word))
    .join(' ');
}
