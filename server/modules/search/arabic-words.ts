import { normaliseArabic } from '../../../common/arabic-spelling.js';

/** Any letter or digit of the Arabic script (the basic block, its supplement and presentation forms). */
export const ARABIC_SCRIPT =
  /[\u0620-\u064a\u0660-\u0669\u066e-\u06d3\u06f0-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufefc]/u;

/**
 * Words that tell papers apart by nothing, normalised as above: prepositions, pronouns,
 * demonstratives, question words, the verbs a question opens with and its modal words (can, should,
 * instead, when, so that, for example, "as" a role), as the English list has "can" and "when"; and the article
 * written alone before a foreign word ("الـ LLM").
 */
const STOP_WORDS = new Set(
  (
    'في من الي علي عن مع او ام ثم بل لكن لا لم لن ما ماذا هل كيف متي اين لماذا كم اي ايه التي الذي الذين ' +
    'اللذان اللتان اللواتي اللاتي هذا هذه ذلك تلك هولاء اولئك هناك هنا هو هي هن هما انا نحن انت انتم ' +
    'كان كانت يكون تكون كانوا ان انه انها انهم قد لقد كل بعض عند عندما بين حول خلال ضمن حتي اذا ' +
    'اذ لو كما مثل ايضا فقط جدا ذات ذو به بها بهم له لها لهم فيه فيها فيهم منه منها منهم عليه عليها عنه ' +
    'عنها الا و ف ب ل ك يمكن يمكنه يمكنها يمكننا تم حيث لدي لدينا نحو وفق وفقا باستخدام بواسطه اكثر ' +
    'اكثرها الاكثر اريد ابحث توجد يوجد ال يستطيع تستطيع نستطيع يستطيعون ينبغي يجب بدلا بدل حين حينما لكي كي ' +
    'مثلا بما بوصفه بوصفها باعتباره باعتبارها'
  ).split(' '),
);
/** The stems of "paper" and "papers", which every question to a digest of papers may say. */
const PAPER_STEMS = new Set(['ورق', 'اوراق']);

/** Attached prefixes the article brings (with and, by, as, so, to), longest first. */
const ARTICLE_PREFIXES = ['وبال', 'وكال', 'ولل', 'فلل', 'وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** Endings of sound plurals, duals, the nisba adjective and attached pronouns, removed in this order. */
const SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];
/** The least letters a stem keeps: removing more would leave a root's fragment shared by unrelated words. */
const MIN_STEM = 2;
/**
 * Stems that begin with a wa that is the root's own letter, not "and": agent, function, interface,
 * unit, weight, medium, description, time, state, awareness, reality, document, paper, access, web,
 * face, heredity, tag, centre, existence, means, wide, clear.
 */
const WAW_STEMS = new Set(
  'وكيل وكلاء وكال وظيف وظائف واجه وحد وزن وسيط وسائط وصف وقت وضع وعي واقع وثيق وثائق ورق وصول ويب وجه وجوه وراث وسم وسوم وسط وجود وسيل وسائل واسع واضح'.split(
    ' ',
  ),
);

function withoutSuffixes(word: string): string {
  let stem = word;
  for (const suffix of SUFFIXES) {
    if (stem.length - suffix.length >= MIN_STEM && stem.endsWith(suffix)) stem = stem.slice(0, -suffix.length);
  }
  return stem;
}

/**
 * A light stem, as light stemmers for Arabic retrieval make them: the article and what is attached
 * to it, or else a leading "and", then the endings above. Broken plurals (نموذج, نماذج) keep their
 * own stems; the glossary lists both.
 */
export function arabicStem(normalised: string): string {
  const prefix = ARTICLE_PREFIXES.find((p) => normalised.startsWith(p) && normalised.length - p.length >= MIN_STEM);
  if (prefix) return withoutSuffixes(normalised.slice(prefix.length));
  const whole = withoutSuffixes(normalised);
  if (normalised.length >= 4 && normalised.startsWith('و') && !WAW_STEMS.has(whole)) {
    return withoutSuffixes(normalised.slice(1));
  }
  return whole;
}

/** Whether a normalised word is a stop word, alone or after an attached "and" or "so". */
function isStopWord(normalised: string): boolean {
  if (STOP_WORDS.has(normalised)) return true;
  return normalised.length > 2 && /^[وف]/u.test(normalised) && STOP_WORDS.has(normalised.slice(1));
}

/** An Arabic word's index term: its light stem, null for a stop word. */
export function arabicTerm(word: string): string | null {
  const normalised = normaliseArabic(word);
  if (isStopWord(normalised)) return null;
  const stem = arabicStem(normalised);
  return PAPER_STEMS.has(stem) ? null : stem;
}
