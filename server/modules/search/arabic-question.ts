import type { FastifyBaseLogger } from 'fastify';
import { arabicGlossary, type Glossary, type GlossaryReading } from './arabic-glossary.js';
import { ARABIC_SCRIPT } from './arabic-words.js';
import { type QuestionPart, questionParts } from './question-parts.js';
import { textWords } from './text-tokens.js';

/** What a search looks for. */
export interface QuestionReading {
  /** The parts full text ranks by, each with its weight. */
  parts: QuestionPart[];
  /** What the vector side embeds: an Arabic question's English, as the bundled encoder reads English. */
  vectorText: string;
  /** The model was asked and has not answered in time (or failed): the glossary stood in, and the answer is not kept. */
  provisional: boolean;
}

/** A model that puts a question into English (`LlmWriter.translateQuestion`). */
export type TranslateQuestion = (question: string, signal: AbortSignal) => Promise<string>;

/**
 * How much an Arabic word counts once its English is searched beside it. A paper's Arabic is a
 * translation of its English, so the two would count one concept twice; and while few papers are
 * translated, their Arabic words are rare and would weigh the most. Set before measuring.
 */
export const TRANSLATED_ARABIC_WEIGHT = 0.5;
/**
 * How much a name in brackets in the glossary's English counts ("large language models (LLMs)"):
 * it is a second name of the concept the words before it already ask, and an English question
 * names a concept once, spelled out or short. Set on the tune half of the development set (0, 0.25,
 * 0.5 and 1 measured).
 */
export const BRACKETED_NAME_WEIGHT = 0.25;
const BRACKETED = /\(([^)]*)\)/gu;

/**
 * How long a search waits for the model's translation of a question it has not translated before:
 * past it, the glossary reads the question, and the translation, when it comes, serves the next
 * search of the same question.
 */
export const MODEL_DEADLINE_MS = 1_000;
/** How long the model may take once the search has stopped waiting, to serve the next search. */
const MODEL_TIMEOUT_MS = 20_000;
/** Translations kept, the least recently used out first. */
const TRANSLATIONS_KEPT = 1_000;

/** The question's words in Arabic script, and the others (English terms, names, numbers). */
function wordsByScript(text: string) {
  const words = textWords(text);
  return {
    arabic: words.filter((word) => ARABIC_SCRIPT.test(word)),
    other: words.filter((word) => !ARABIC_SCRIPT.test(word)),
  };
}

const joined = (words: string[]) => words.join(' ');

/**
 * What the glossary made of a part, weighted: a phrase it reads as several senses (its lists'
 * synonyms, a dictionary's two senses) counts each 1/√n of the part's weight, so that its senses
 * weigh as one term at unit length, not as n terms of the question; names in brackets as above;
 * the words it does not know, at the part's weight.
 */
function glossaryParts(found: GlossaryReading, weight: number): QuestionPart[] {
  const byWeight = new Map<number, string[]>();
  const add = (partWeight: number, text: string) => {
    const texts = byWeight.get(partWeight);
    if (texts) texts.push(text);
    else byWeight.set(partWeight, [text]);
  };
  found.english.forEach((english, i) => {
    const share = weight / Math.sqrt(found.senses[i] ?? 1);
    add(share, english.replace(BRACKETED, '').replace(/\s+/gu, ' ').trim());
    for (const [, name] of english.matchAll(BRACKETED)) add(share * BRACKETED_NAME_WEIGHT, name as string);
  });
  add(weight, joined(found.untranslated));
  return [...byWeight].map(([partWeight, texts]) => ({ text: joined(texts.filter(Boolean)), weight: partWeight }));
}

/**
 * Reads a search question: one with Arabic in it is searched for in English too, from the model's
 * translation when a model is configured and answers in time, else from the glossary; a question
 * without Arabic is searched as it is. Each part of a breadcrumb is read on its own.
 */
export function createQuestionReader(deps: {
  translate: TranslateQuestion | null;
  log: FastifyBaseLogger;
  glossary?: Glossary;
  /** MODEL_DEADLINE_MS unless a test waits longer for a busy machine. */
  deadlineMs?: number;
}) {
  const { translate, log, glossary = arabicGlossary, deadlineMs = MODEL_DEADLINE_MS } = deps;
  const translations = new Map<string, string>();
  /** Questions the model is translating; `late` once a search stopped waiting, so the next does not wait again. */
  const asking = new Map<string, { answer: Promise<string | null>; late: boolean }>();

  function remembered(text: string): string | undefined {
    const english = translations.get(text);
    if (english !== undefined) {
      translations.delete(text);
      translations.set(text, english);
    }
    return english;
  }

  function ask(model: TranslateQuestion, text: string) {
    let pending = asking.get(text);
    if (!pending) {
      const answer = model(text, AbortSignal.timeout(MODEL_TIMEOUT_MS)).then(
        (english) => {
          if (translations.size >= TRANSLATIONS_KEPT) translations.delete(translations.keys().next().value as string);
          translations.set(text, english);
          return english;
        },
        (error: unknown) => {
          log.warn({ err: error }, 'the model did not translate a search question: the glossary read it');
          return null;
        },
      );
      pending = { answer, late: false };
      asking.set(text, pending);
      void answer.finally(() => asking.delete(text));
    }
    return pending;
  }

  /** The model's English of `text`, or null when it failed or is late. */
  async function modelEnglish(model: TranslateQuestion, text: string): Promise<string | null> {
    const known = remembered(text);
    if (known !== undefined) return known;
    const pending = ask(model, text);
    if (pending.late) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deadlineMs);
    });
    const outcome = await Promise.race([pending.answer, late]);
    clearTimeout(timer);
    if (outcome !== 'late') return outcome;
    pending.late = true;
    log.warn({ waitMs: deadlineMs }, 'the model did not translate a search question in time: the glossary read it');
    return null;
  }

  async function readPart({ text, weight }: QuestionPart) {
    if (!ARABIC_SCRIPT.test(text)) return { parts: [{ text, weight }], english: text, provisional: false };
    const found = glossary.read(text);
    const other = wordsByScript(text).other;
    const english = translate ? await modelEnglish(translate, text) : null;
    if (english === null) {
      return {
        parts: [
          ...glossaryParts(found, weight),
          { text: joined(found.translated), weight: weight * TRANSLATED_ARABIC_WEIGHT },
        ],
        english: joined([...found.english, ...other]) || text,
        provisional: translate !== null,
      };
    }
    return {
      parts: [
        { text: joined([english, ...found.english, ...other]), weight },
        { text: joined(wordsByScript(text).arabic), weight: weight * TRANSLATED_ARABIC_WEIGHT },
      ],
      english,
      provisional: false,
    };
  }

  return {
    async read(question: string): Promise<QuestionReading> {
      if (!ARABIC_SCRIPT.test(question))
        return { parts: questionParts(question), vectorText: question, provisional: false };
      const read = await Promise.all(questionParts(question).map(readPart));
      return {
        parts: read.flatMap((part) => part.parts).filter((part) => part.text !== ''),
        vectorText: read.map((part) => part.english).join(' '),
        provisional: read.some((part) => part.provisional),
      };
    },
  };
}

export type QuestionReader = ReturnType<typeof createQuestionReader>;
