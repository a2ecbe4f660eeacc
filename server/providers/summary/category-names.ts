import { cleanCategoryName, NULL_VALUE } from '../../../common/paper-rules.js';
import type { Summary } from '../../../common/papers.js';

/** The catch-all name; the digest's category dropdown hides it. */
export const OTHER_CATEGORY = 'Other';

/** Readable names for arXiv taxonomy terms (https://arxiv.org/category_taxonomy). */
const ARXIV_TERM_NAMES: Record<string, string> = {
  'cs.AI': 'Artificial Intelligence',
  'cs.CL': 'Natural Language Processing',
  'cs.CV': 'Computer Vision',
  'cs.LG': 'Machine Learning',
  'stat.ML': 'Machine Learning',
  'cs.RO': 'Robotics',
  'cs.IR': 'Information Retrieval',
  'cs.NE': 'Neural and Evolutionary Computing',
  'cs.HC': 'Human-Computer Interaction',
  'cs.CR': 'Security and Cryptography',
  'cs.SE': 'Software Engineering',
  'cs.MA': 'Multi-Agent Systems',
  'cs.SD': 'Speech and Audio',
  'eess.AS': 'Speech and Audio',
  'eess.IV': 'Image and Video Processing',
  'eess.SP': 'Signal Processing',
  'eess.SY': 'Systems and Control',
  'cs.SY': 'Systems and Control',
  'cs.GR': 'Computer Graphics',
  'cs.CY': 'Computers and Society',
  'cs.IT': 'Information Theory',
  'math.IT': 'Information Theory',
  'cs.GT': 'Game Theory',
  'cs.CE': 'Computational Engineering',
  'cs.DB': 'Databases',
  'cs.DC': 'Distributed Computing',
  'cs.SI': 'Social and Information Networks',
  'cs.MM': 'Multimedia',
  'cs.AR': 'Hardware Architecture',
  'cs.DL': 'Digital Libraries',
  'cs.NI': 'Networking',
  'cs.LO': 'Logic in Computer Science',
  'cs.PL': 'Programming Languages',
  'cs.DS': 'Data Structures and Algorithms',
  'cs.CC': 'Computational Complexity',
  'cs.FL': 'Formal Languages',
  'cs.SC': 'Symbolic Computation',
  'math.OC': 'Optimization and Control',
  'stat.ME': 'Statistical Methodology',
  'stat.AP': 'Applied Statistics',
  'q-bio.NC': 'Neuroscience',
};

/** Names for whole archives, for terms the table above does not list (physics.chem-ph is "Physics"). */
const ARCHIVE_NAMES: Record<string, string> = {
  physics: 'Physics',
  'cond-mat': 'Physics',
  'astro-ph': 'Physics',
  'quant-ph': 'Quantum Computing',
  math: 'Mathematics',
  stat: 'Statistics',
  'q-bio': 'Computational Biology',
  'q-fin': 'Quantitative Finance',
  econ: 'Economics',
};

export function arxivTermName(term: string): string {
  const archive = term.split('.')[0] ?? term;
  return ARXIV_TERM_NAMES[term] ?? ARCHIVE_NAMES[archive] ?? OTHER_CATEGORY;
}

interface TopicRule {
  name: string;
  pattern: RegExp;
  /** Below 1 for topics that nearly every abstract mentions, so that a sharper topic wins. */
  weight: number;
}

/** In order of preference when two topics score the same. */
const TOPIC_RULES: TopicRule[] = [
  {
    name: 'AI Agents',
    weight: 1,
    pattern: /\bagent(?:s|ic)?\b|\btool[- ](?:use|calling|augmented)|\bfunction calling/gi,
  },
  { name: 'Retrieval-Augmented Generation', weight: 1.5, pattern: /\bretrieval[- ]augmented|\bRAG\b|\bretriever/gi },
  {
    name: 'Reinforcement Learning',
    weight: 1,
    pattern: /\breinforcement learning|\bRL(?:HF|VR)?\b|\bGRPO\b|\bPPO\b|\breward model/gi,
  },
  { name: 'Reasoning', weight: 1, pattern: /\breasoning\b|\bchain[- ]of[- ]thought|\bCoT\b|\btheorem proving/gi },
  {
    name: 'AI Safety and Alignment',
    weight: 1,
    pattern: /\bsafety\b|\balignment\b|\bjailbreak\w*|\bharmful|\bred[- ]teaming|\bmisalign\w*|\btoxic\w*/gi,
  },
  {
    name: 'Multimodal Learning',
    weight: 1,
    pattern: /\bmulti-?modal\w*|\bvision[- ]language|\bVLMs?\b|\bMLLMs?\b|\baudio-visual/gi,
  },
  {
    name: 'Generative Models',
    weight: 1,
    pattern:
      /\bdiffusion models?|\bdiffusion-based|\btext-to-(?:image|video|3D)|\bimage generation|\bvideo generation|\bGANs?\b|\bgenerative adversarial/gi,
  },
  {
    name: 'Efficient Inference',
    weight: 1,
    pattern:
      /\bquantiz\w*|\bpruning\b|\bspeculative decoding|\bKV[- ]cache|\blatency\b|\bcompression\b|\befficient inference|\binference (?:cost|efficiency|speed)/gi,
  },
  {
    name: 'Interpretability',
    weight: 1,
    pattern: /\binterpretab\w*|\bexplainab\w*|\bXAI\b|\bmechanistic\b|\bsparse autoencoder|\bprobing\b/gi,
  },
  {
    name: 'Fine-Tuning and Adaptation',
    weight: 1,
    pattern: /\bfine-?tun\w*|\bLoRA\b|\bPEFT\b|\binstruction[- ]tuning|\bdomain adaptation/gi,
  },
  { name: 'Graph Learning', weight: 1, pattern: /\bgraph neural|\bGNNs?\b|\bknowledge graphs?|\bgraph learning/gi },
  {
    name: 'Embodied AI',
    weight: 1,
    pattern: /\bembodied\b|\brobot\w*|\bvision-language-action|\bVLA\b|\bmanipulation tasks?/gi,
  },
  {
    name: 'Benchmarks and Evaluation',
    weight: 0.5,
    pattern: /\bbenchmark\w*|\bevaluation (?:framework|suite|protocol)|\bleaderboard/gi,
  },
  { name: 'Large Language Models', weight: 0.5, pattern: /\bLLMs?\b|\blarge language models?|\blanguage models?\b/gi },
];

/** Every category name the extractive summariser can give a paper. */
export function summariserCategoryNames(): string[] {
  const names = [
    ...TOPIC_RULES.map((rule) => rule.name),
    ...Object.values(ARXIV_TERM_NAMES),
    ...Object.values(ARCHIVE_NAMES),
    OTHER_CATEGORY,
  ];
  return [...new Set(names)];
}

/** A topic is detected when it scores at least this: in the title, or mentioned twice in the abstract. */
const MIN_TOPIC_SCORE = 2;
const TITLE_WEIGHT = 3;

const countMatches = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** Every topic the text mentions at all, best first, with its score. */
function scoreTopics(title: string, abstract: string): { name: string; score: number }[] {
  return TOPIC_RULES.map((rule, order) => ({
    name: rule.name,
    order,
    score: rule.weight * (TITLE_WEIGHT * countMatches(title, rule.pattern) + countMatches(abstract, rule.pattern)),
  }))
    .filter((topic) => topic.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
}

/** Research topics the title and abstract are about, best first. */
export function detectTopics(title: string, abstract: string): string[] {
  return scoreTopics(title, abstract)
    .filter((topic) => topic.score >= MIN_TOPIC_SCORE)
    .map((topic) => topic.name);
}

export interface PaperCategories {
  paper_category1: string;
  paper_category2: string;
}

/**
 * paper_category1 is the best topic, or the primary arXiv term's name when no topic fits;
 * paper_category2 is the primary term's name, else the next topic, another arXiv term's name or a
 * topic mentioned only in passing, and 'Other' only when none of these exists.
 */
export function paperCategories(input: {
  title: string;
  abstract: string;
  arxivCategories: string[];
}): PaperCategories {
  const scored = scoreTopics(input.title, input.abstract);
  const topics = scored.filter((topic) => topic.score >= MIN_TOPIC_SCORE).map((topic) => topic.name);
  const passingTopics = scored.map((topic) => topic.name);
  const primaryName = arxivTermName(input.arxivCategories[0] ?? '');
  const knownTermNames = input.arxivCategories.map(arxivTermName).filter((name) => name !== OTHER_CATEGORY);
  const category1 = topics[0] ?? knownTermNames[0] ?? OTHER_CATEGORY;
  const category2 = [primaryName, ...topics.slice(1), ...knownTermNames, ...passingTopics].find(
    (name) => name !== category1 && name !== OTHER_CATEGORY,
  );
  return { paper_category1: category1, paper_category2: category2 ?? OTHER_CATEGORY };
}

/**
 * The paper's categories in the database: the summary's two category names, distinct and meaningful,
 * made fit to store (see cleanCategoryName); a name that cannot be is left out.
 */
export function categoriesFromSummary(summary: Summary): string[] {
  const names: string[] = [];
  for (const raw of [summary.paper_category1, summary.paper_category2]) {
    const name = cleanCategoryName(raw);
    if (!name || name === NULL_VALUE) continue;
    if (!names.some((existing) => existing.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}
