import { NULL_VALUE } from '../../../common/paper-rules.js';
import type { Summary } from '../../../common/papers.js';
import { cleanAbstractText, splitSentences } from './abstract-text.js';
import { arxivTermName, detectTopics, OTHER_CATEGORY, paperCategories } from './category-names.js';
import { extractDefinedTerms } from './defined-terms.js';
import {
  detectApplicationDomains,
  detectModelNames,
  detectModelType,
  METHOD_FIELD_PATTERNS,
  type MethodField,
} from './keyword-rules.js';

/**
 * The offline summariser, used when no LLM is configured: every text field is a sentence of the
 * abstract chosen by keywords, so nothing is invented; what cannot be found is 'Null'.
 */
export interface ExtractiveInput {
  title: string;
  abstract: string;
  /** arXiv taxonomy terms, primary first. */
  arxivCategories: string[];
}

const SUBJECT = String.raw`\b(?:we|this (?:paper|work|study|article)|our (?:work|paper|study))`;
const CONTRIBUTION_VERB = String.raw`(?:propos|introduc|present|develop|design|describ|build|construct|contribut)(?:e|es|ed|s)?\b`;
const STUDY_VERB = String.raw`(?:stud(?:y|ies)|investigat(?:e|es)|explor(?:e|es)|examin(?:e|es)|analy[sz](?:e|es)|address(?:es)?|tackl(?:e|es)|focus(?:es)? on)\b`;
/** "We propose ...", "This paper investigates ...": the sentence that says what the paper does. */
const CONTRIBUTION = new RegExp(String.raw`${SUBJECT}\s+(?:\w+ly\s+)?(?:${CONTRIBUTION_VERB}|${STUDY_VERB})`, 'i');
/** A looser form for "we first collect ... and then design ...". */
const LATE_CONTRIBUTION = new RegExp(String.raw`${SUBJECT}\b[^.]*?\b${CONTRIBUTION_VERB}`, 'i');
/** What may precede the subject and be dropped: "In this paper,", "Here", or any clause ending in a comma. */
const OPENING = /(?:^(?:(?:in|within) (?:this|the present) (?:paper|work|study|article)|here),?|,)\s+$/i;
const GAP =
  /\bhowever\b|\bremains?\b|\black\w*|\bchalleng\w*|\blimit(?:ed|ation|ations|s)\b|\bstruggl\w*|\bfail\w*|\bunder-?explored|\bunexplored|\bbottleneck|\bdifficult\w*|\binsufficient|\bsuffer\w*|\bneglect\w*|\boverlook\w*|\bgaps?\b|\bcostly|\bunclear|\bproblem\w*|\bissues?\b|\bdespite\b/gi;
const CONCLUSION =
  /\bour (?:findings|results|work|analysis|study)\b|\bthese (?:results|findings)\b|\boverall\b|\btaken together|\bhighlight\w*|\bsuggest\w*|\bunderscor\w*|\bpave\w* the way|\bimplications?\b|\bopens? (?:up )?(?:new )?(?:avenues|directions)|\bwe hope|\bin (?:summary|conclusion)|\bcollectively|\bpromising\b/i;
const STRONG_RESULT = /\d+(?:\.\d+)?\s*%|\d+(?:\.\d+)?\s*[×x]\b|\bpercentage points?|\bpp\b/gi;
/** Outcome words; "to improve" and the like state a purpose, not a result, and do not count. */
const RESULT =
  /\boutperform\w*|(?<!\bto (?:further |better )?)\b(?:achiev|improv|reduc|boost)\w*|\bshow(?:s|ed)? that|\bdemonstrat\w*|\bsurpass\w*|\bstate-of-the-art|\bSOTA\b|\bgains?\b|\bexceed\w*|\bcompetitive|\bconsistently|\bsignificantly|\bsuperior|(?<!\bto )\bbetter\b|\bresults? (?:show|indicate|reveal)|\bfind that|\breveal\w*|\b\d+\.\d+\b/gi;
/** "We also combine X with Y ..." describes the method, whatever outcome words follow. */
const METHOD_STEP =
  /^(?:[A-Z][\w-]*,\s*)?we (?:also |further |then |first |additionally )?(?:propose|introduce|present|combine|design|develop|use|employ|leverage|adopt|integrate|incorporate|construct|build)\b/i;
/** "Code is available at https://..." closes many abstracts but says nothing about the paper. */
const ARTEFACT_NOTICE =
  /https?:\/\/|github\.com|\b(?:is|are|will be) (?:made )?(?:publicly |openly |freely )?(?:available|released|open-sourced)\b|\bwe (?:will )?(?:publicly |openly )?(?:release|open-source)\b/i;

const MAX_RESULTS = 4;
const MAX_ONE_LINE = 250;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A connective tying a sentence to the one before it: "However, existing methods ...". */
const LEADING_CONNECTIVE =
  /^(?:however|moreover|furthermore|in addition|additionally|thus|therefore|hence|consequently|nevertheless|nonetheless|meanwhile|also|besides|instead|indeed|in contrast|by contrast|on the other hand|as a result|to this end|specifically|notably|in particular|accordingly|conversely|similarly|likewise|further|finally|then),\s+/i;

/**
 * A sentence lifted out of its paragraph, without the connective that tied it to the sentence before
 * (which the reader no longer sees): "However, existing methods fail." is "Existing methods fail.".
 */
export function liftSentence(sentence: string): string {
  const rest = sentence.replace(LEADING_CONNECTIVE, '');
  return rest === sentence || rest === '' ? sentence : capitalise(rest);
}

/**
 * Drops an opening clause ("In this paper, we ..." is "We ..."; "To address this, this paper
 * proposes ..." is "This paper proposes ..."); past MAX_ONE_LINE, cuts at a clause boundary.
 */
function toOneLine(sentence: string): string {
  const subject = CONTRIBUTION.exec(sentence) ?? LATE_CONTRIBUTION.exec(sentence);
  const hasOpening = subject !== null && OPENING.test(sentence.slice(0, subject.index));
  const line = capitalise(hasOpening ? sentence.slice(subject.index) : liftSentence(sentence));
  if (line.length <= MAX_ONE_LINE) return line;
  const head = line.slice(0, MAX_ONE_LINE);
  const clauseEnd = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(': '));
  const cut = clauseEnd >= 80 ? clauseEnd : head.lastIndexOf(' ');
  return `${head.slice(0, cut).replace(/[,;:\s]+$/, '')}…`;
}

/** Index of the highest-scoring sentence among `indices` (earliest on a tie), or -1. */
function best(indices: number[], score: (index: number) => number): number {
  let chosen = -1;
  let chosenScore = 0;
  for (const index of indices) {
    const value = score(index);
    if (value > chosenScore) [chosen, chosenScore] = [index, value];
  }
  return chosen;
}

function chooseResults(sentences: string[], candidates: number[]): string[] {
  const score = (index: number) => {
    const sentence = sentences[index] ?? '';
    const strong = count(sentence, STRONG_RESULT);
    const methodPenalty = strong === 0 && METHOD_STEP.test(sentence) ? 1 : 0;
    return 2 * strong + count(sentence, RESULT) - methodPenalty;
  };
  return candidates
    .filter((index) => score(index) > 0)
    .sort((a, b) => score(b) - score(a) || a - b)
    .slice(0, MAX_RESULTS)
    .sort((a, b) => a - b)
    .map((index) => liftSentence(sentences[index] ?? ''));
}

function methodFields(sentences: string[], methodStart: number): Record<MethodField, string> {
  const indices = sentences.map((_, index) => index);
  const fields = {} as Record<MethodField, string>;
  for (const [field, pattern] of Object.entries(METHOD_FIELD_PATTERNS) as [MethodField, RegExp][]) {
    // Sentences describing the paper's own method beat the background sentences before them.
    const chosen = best(indices, (index) => {
      const matches = count(sentences[index] ?? '', pattern);
      return matches > 0 ? matches + (index >= methodStart ? 0.5 : 0) : 0;
    });
    const sentence = sentences[chosen];
    fields[field] = sentence ? liftSentence(sentence) : NULL_VALUE;
  }
  return fields;
}

function requiredBackground(input: ExtractiveInput, topics: string[]): string {
  const termNames = input.arxivCategories.slice(0, 2).map(arxivTermName);
  const names = [...new Set([...termNames, ...topics.slice(0, 2)])].filter((name) => name !== OTHER_CATEGORY);
  return names.length > 0 ? names.join(', ') : 'Machine Learning';
}

export function summariseExtractive(input: ExtractiveInput): Summary {
  const title = cleanAbstractText(input.title);
  const abstract = cleanAbstractText(input.abstract);
  const sentences = splitSentences(abstract);
  const indices = sentences.map((_, index) => index);
  const last = sentences.length - 1;

  const statements = indices.filter((index) => !ARTEFACT_NOTICE.test(sentences[index] ?? ''));
  const contribution = [CONTRIBUTION, LATE_CONTRIBUTION]
    .map((pattern) => statements.find((index) => pattern.test(sentences[index] ?? '')))
    .find((index) => index !== undefined);
  const oneLineIndex = contribution ?? 0;
  const others = indices.filter((index) => index !== oneLineIndex);

  const earlyGap = best(
    others.filter((index) => index < oneLineIndex),
    (index) => count(sentences[index] ?? '', GAP),
  );
  // After the contribution, "limitations" may be the method's own: a gap there needs two signals.
  const anyGap = best(others, (index) => {
    const signals = count(sentences[index] ?? '', GAP);
    return index < oneLineIndex || signals >= 2 ? signals : 0;
  });
  const problemIndex =
    [earlyGap, anyGap, others[0] ?? -1, oneLineIndex].find((index) => index >= 0 && index <= last) ?? -1;

  const closing = indices.filter((index) => index > oneLineIndex && !ARTEFACT_NOTICE.test(sentences[index] ?? ''));
  const concluding = closing.filter((index) => CONCLUSION.test(sentences[index] ?? '')).at(-1);
  const takeawayIndex = concluding ?? closing.at(-1) ?? last;

  // Results come after the contribution: the background often says what earlier work "achieved".
  const resultCandidates = closing.filter((index) => index !== problemIndex);
  const distinctFromTakeaway = chooseResults(
    sentences,
    resultCandidates.filter((index) => index !== takeawayIndex),
  );
  const results = distinctFromTakeaway.length > 0 ? distinctFromTakeaway : chooseResults(sentences, resultCandidates);

  const topics = detectTopics(title, abstract);
  const fullText = `${title}. ${abstract}`;
  const modelNames = detectModelNames(fullText);

  const lifted = (index: number) => {
    const sentence = sentences[index];
    return sentence ? liftSentence(sentence) : NULL_VALUE;
  };

  return {
    Paper_one_line: sentences[oneLineIndex] ? toOneLine(sentences[oneLineIndex]) : title,
    Problem: lifted(problemIndex),
    Takeaway: lifted(takeawayIndex),
    Results: results,
    ...paperCategories({ title, abstract, arxivCategories: input.arxivCategories }),
    ...methodFields(sentences, contribution ?? 0),
    MainLLM: modelNames.length > 0 ? modelNames.join(', ') : NULL_VALUE,
    ModelType: detectModelType(fullText) ?? NULL_VALUE,
    ApplicationDomains: { items: detectApplicationDomains(title, abstract) },
    RequiredBackGround: requiredBackground(input, topics),
    Critique: NULL_VALUE,
    terms: extractDefinedTerms(abstract),
    generatedBy: 'extractive',
  };
}
