import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createLlmWriter } from '../../providers/llm/llm-writer.js';
import { waitFor } from '../../test/eventually.js';
import { type FakeLlm, startFakeLlm } from '../../test/fake-llm.js';
import { createGlossary } from './arabic-glossary.js';
import { BRACKETED_NAME_WEIGHT, createQuestionReader, TRANSLATED_ARABIC_WEIGHT } from './arabic-question.js';
import { questionParts } from './question-parts.js';

const QUESTION = 'التعلم المعزز للنماذج اللغوية الكبيرة';
/** Long enough for the fake model on a busy machine: these tests are not about the wait. */
const PATIENT_MS = 10_000;

function logLines() {
  const lines: string[] = [];
  return { lines, log: createLogger('warn', { write: (line: string) => lines.push(line) }) };
}

describe('reading a question without a model', () => {
  const reader = createQuestionReader({ translate: null, log: createLogger('silent') });

  it('searches a question without Arabic as it is', async () => {
    for (const question of ['reinforcement learning', 'subject: section > heading']) {
      expect(await reader.read(question)).toEqual({
        parts: questionParts(question),
        vectorText: question,
        provisional: false,
      });
    }
  });

  it('searches an Arabic question for the glossary’s English, its other words, and its Arabic at a lower weight', async () => {
    expect(await reader.read('تقنيات RAG للإجابة عن الأسئلة عند زوربلاكس')).toEqual({
      parts: [
        { text: 'techniques question answering rag زوربلاكس', weight: 1 },
        { text: 'تقنيات للاجابة الاسيلة', weight: TRANSLATED_ARABIC_WEIGHT },
      ],
      vectorText: 'techniques question answering rag',
      provisional: false,
    });
  });

  it('reads each part of a breadcrumb with its weight', async () => {
    const { parts } = await reader.read('الذكاء الاصطناعي > الرؤية الحاسوبية');
    expect(parts).toEqual([
      { text: 'computer vision', weight: 1 },
      { text: 'الروية الحاسوبية', weight: TRANSLATED_ARABIC_WEIGHT },
      { text: 'artificial intelligence', weight: 0.25 },
      { text: 'AI', weight: 0.25 * BRACKETED_NAME_WEIGHT },
      { text: 'الذكاء الاصطناعي', weight: 0.25 * TRANSLATED_ARABIC_WEIGHT },
    ]);
  });

  it("weighs a phrase's several senses together as one term, and a name in brackets below the words it stands for", async () => {
    const glossary = createGlossary([
      { en: 'large language models (LLMs)', ar: ['النماذج اللغوية الكبيرة'] },
      { en: 'enhance', ar: ['يعزز'] },
      { en: 'boost', ar: ['يعزز'] },
      { en: 'internal', ar: ['الداخلية'] },
      { en: 'inner', ar: ['الداخلية'] },
      { en: 'interior', ar: ['الداخلية'] },
      { en: 'inward', ar: ['الداخلية'] },
    ]);
    const glossaryReader = createQuestionReader({ translate: null, log: createLogger('silent'), glossary });
    expect((await glossaryReader.read('النماذج اللغوية الكبيرة يعزز الداخلية')).parts).toEqual([
      { text: 'large language models', weight: 1 },
      { text: 'LLMs', weight: BRACKETED_NAME_WEIGHT },
      { text: 'enhance boost', weight: 1 / Math.sqrt(2) },
      { text: 'internal inner interior inward', weight: 1 / 2 },
      { text: 'النماذج اللغوية الكبيرة يعزز الداخلية', weight: TRANSLATED_ARABIC_WEIGHT },
    ]);
  });
});

describe('reading a question with a model', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(() => llm.close());

  const readerOf = (deadlineMs: number, log = createLogger('silent')) => {
    const writer = createLlmWriter({ baseUrl: llm.url, apiKey: null, model: 'fake-model', timeoutMs: 30_000 });
    return createQuestionReader({ translate: writer.translateQuestion, log, deadlineMs });
  };
  const questionsAsked = () => llm.requests.filter((request) => request.kind === 'question');

  it('searches for the model’s English beside the glossary’s, and asks once for the same question', async () => {
    llm.mode = 'valid';
    llm.question = 'RL fine-tuning of LLMs';
    const before = questionsAsked().length;
    const reader = readerOf(PATIENT_MS);
    for (let i = 0; i < 2; i++) {
      expect(await reader.read(QUESTION)).toEqual({
        parts: [
          { text: 'RL fine-tuning of LLMs reinforcement learning (RL) large language models (LLMs)', weight: 1 },
          { text: 'التعلم المعزز للنماذج اللغوية الكبيرة', weight: TRANSLATED_ARABIC_WEIGHT },
        ],
        vectorText: 'RL fine-tuning of LLMs',
        provisional: false,
      });
    }
    expect(questionsAsked().slice(before)).toEqual([
      expect.objectContaining({ text: expect.stringContaining(QUESTION) }),
    ]);
  });

  it('reads with the glossary while the model has not answered, without waiting twice, and says so', async () => {
    llm.mode = 'valid';
    llm.hangWhen = (request) => request.kind === 'question';
    const { lines, log } = logLines();
    const reader = readerOf(50, log);
    const before = questionsAsked().length;
    const question = 'نموذج لغوي كبير';
    for (let i = 0; i < 2; i++) {
      const reading = await reader.read(question);
      expect(reading.provisional).toBe(true);
      expect(reading.parts[0]?.text).toBe('large language models');
    }
    expect(questionsAsked().length - before).toBe(1);
    expect(lines.filter((line) => line.includes('did not translate a search question in time'))).toHaveLength(1);
    llm.hangWhen = null;
  });

  it('keeps a late translation for the next search of the question', async () => {
    llm.mode = 'valid';
    llm.question = 'graph neural networks';
    const reader = readerOf(0);
    const question = 'الشبكات العصبية البيانية';
    expect((await reader.read(question)).provisional).toBe(true);
    await waitFor('the translation kept', async () => !(await reader.read(question)).provisional);
    expect((await reader.read(question)).vectorText).toBe('graph neural networks');
  });

  it('reads with the glossary when the model fails, and asks again at the next search', async () => {
    llm.mode = 'error';
    const { lines, log } = logLines();
    const reader = readerOf(PATIENT_MS, log);
    const before = questionsAsked().length;
    for (let i = 0; i < 2; i++) {
      const reading = await reader.read('الرؤية الحاسوبية');
      expect(reading.provisional).toBe(true);
      expect(reading.vectorText).toBe('computer vision');
    }
    expect(questionsAsked().length - before).toBe(2);
    expect(lines.filter((line) => line.includes('the model did not translate a search question'))).toHaveLength(2);
    llm.mode = 'valid';
  });
});
