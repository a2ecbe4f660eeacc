/**
 * Keyword dictionaries the extractive summariser matches against an abstract: which sentence speaks
 * about each method field, which models it names, what kind of model it studies, where it applies.
 */

export type MethodField =
  | 'ExplainAI'
  | 'NewParadigm'
  | 'TrainingMethod'
  | 'InferenceMethod'
  | 'FineTuningMethod'
  | 'RAGMethod'
  | 'ReasoningMethod'
  | 'AgenticMethod'
  | 'SelfLearningMethod';

export const METHOD_FIELD_PATTERNS: Record<MethodField, RegExp> = {
  ExplainAI:
    /\binterpretab\w*|\bexplainab\w*|\bexplanations?\b|\bXAI\b|\bsaliency|\battribution|\bmechanistic|\btransparen\w*/gi,
  NewParadigm:
    /\bparadigm\b|\bfor the first time|\bthe first (?:\w+[- ]){0,3}(?:framework|method|approach|model|system|study|benchmark)|\brethink\w*|\breframe\w*|\breformulat\w*/gi,
  TrainingMethod:
    /\bpre-?train\w*|\btrain(?:ed|ing)? (?:on|with|using|via|from)\b|\btraining (?:objective|procedure|strategy|recipe|pipeline|data|framework)|\breinforcement learning|\bself-supervised|\bcontrastive (?:learning|loss)|\bcurriculum|\bdistillation|\bGRPO\b|\bPPO\b|\bloss function/gi,
  InferenceMethod:
    /\binference\b|\bdecoding\b|\btest-time|\binference-time|\bsampling\b|\bbeam search|\bspeculative|\bquantiz\w*|\bKV[- ]cache|\bprompting\b|\bin-context learning/gi,
  FineTuningMethod:
    /\bfine-?tun\w*|\bLoRA\b|\bPEFT\b|\badapters?\b|\binstruction[- ]tun\w*|\bSFT\b|\bsupervised fine|\bRLHF\b|\bDPO\b|\bpreference optimi[sz]ation/gi,
  RAGMethod: /\bretrieval-augmented|\bretrieval augmented|\bRAG\b|\bretriev\w*/gi,
  ReasoningMethod:
    /\breasoning\b|\bchain[- ]of[- ]thought|\bCoT\b|\bstep-by-step|\btree[- ]of[- ]thoughts?|\bplanning\b|\blogical (?:inference|deduction)|\bdeductive|\bmulti-hop/gi,
  AgenticMethod:
    /\bagent(?:s|ic)?\b|\bmulti-agent|\btool[- ](?:use|calling|augmented)|\bfunction calling|\bautonomous(?:ly)?\b|\bweb navigation/gi,
  SelfLearningMethod:
    /\bself-(?:improv|evolv|play|reflect|refin|correct|learn|rewarding|train|generated|distill|critique|verif)\w*|\bcontinual learning|\blifelong learning|\bonline learning|\bexperience replay/gi,
};

/**
 * Model families with their usual version suffixes ("GPT-4o", "Llama-3.1-8B", "Qwen2.5-VL-7B").
 * One alternation, so the longest spelling at a position wins.
 */
const MODEL_NAME =
  /\b(?:Chat)?GPT-(?:4o(?:-mini)?|4\.1(?:-mini)?|4(?:\.5)?(?:-turbo|V)?|3\.5(?:-turbo)?|oss(?:-\d+b)?|[2-5](?:\.\d)?)\b|\bChatGPT\b|\bo[134]-(?:mini|preview|pro)\b|\b(?:Code)?(?:Llama|LLaMA)(?:[- ]?\d(?:\.\d)?)?(?:-\d+(?:\.\d+)?[BbMm])?(?:-Instruct|-Chat)?\b|\bQwen\d?(?:\.\d)?(?:-(?:VL|Coder|Math|Omni|Audio))?(?:-\d+(?:\.\d+)?B)?(?:-Instruct)?\b|\bClaude(?:[- ](?:\d(?:\.\d)?|Opus|Sonnet|Haiku))*\b|\bGemini(?:[- ](?:\d(?:\.\d)?|Pro|Flash|Ultra|Nano))*\b|\bGemma(?:[- ]?\d(?:\.\d)?)?(?:-\d+B)?\b|\bMi[sx]tral(?:[- ]\d+x?\d*B)?\b|\bDeepSeek(?:-(?:R1|V\d(?:\.\d)?|Coder|Math|VL\d?|LLM))*(?:-\d+B)?\b|\bPhi-\d(?:\.\d)?(?:-mini|-medium)?\b|\b(?:Ro|De|Distil|AL|Sci|Bio|Modern)?BERT(?:a(?:-v3)?)?\b|\b(?:Flan-|m|by)?T5\b|\bCLIP\b|\bLLaVA(?:-\w+)?\b|\bInternVL\d?(?:\.\d)?\b|\bVicuna\b|\bFalcon\b|\bBLOOM\b|\bPaLM(?:[- ]?\d|-E)?\b|\bGrok(?:-\d)?\b|\bKimi(?:[- ]K\d)?\b|\b(?:Chat)?GLM-\d(?:\.\d)?\b|\bWhisper\b|\bStable Diffusion(?: \d(?:\.\d)?| XL)?\b|\bDALL-E(?: ?\d)?\b|\bSora\b|\bSegment Anything\b|\bDINOv\d\b|\bViT\b/g;

/** Model names the text mentions, first mention first; "Qwen" is left out when "Qwen2.5-7B" is named. */
export function detectModelNames(text: string, limit = 6): string[] {
  const names: string[] = [];
  for (const [match] of text.matchAll(MODEL_NAME)) {
    const name = match.replace(/\s+/g, ' ');
    if (!names.some((existing) => existing.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  const specific = names.filter(
    (name) => !names.some((other) => other !== name && other.toLowerCase().startsWith(name.toLowerCase())),
  );
  return specific.slice(0, limit);
}

/** From the most to the least specific: a vision-language paper also mentions LLMs, not the reverse. */
const MODEL_TYPES: [string, RegExp][] = [
  ['Vision-language-action model', /\bvision-language-action|\bVLAs?\b/i],
  ['Vision-language model', /\bvision[- ]language|\bVLMs?\b|\bMLLMs?\b|\bmulti-?modal (?:large )?language models?/i],
  ['Large language model', /\bLLMs?\b|\blarge language models?|\blanguage models?\b/i],
  ['Diffusion model', /\bdiffusion\b|\bDDPM\b|\bflow matching/i],
  ['Generative adversarial network', /\bGANs?\b|\bgenerative adversarial/i],
  ['Graph neural network', /\bgraph neural|\bGNNs?\b|\bGCNs?\b|\bgraph attention network/i],
  ['State space model', /\bstate[- ]space models?|\bMamba\b/i],
  ['Speech model', /\bspeech recognition|\bASR\b|\btext-to-speech|\bTTS\b|\bspeech models?/i],
  ['Transformer', /\btransformers?\b|\bViTs?\b|\bself-attention/i],
  ['Convolutional neural network', /\bCNNs?\b|\bconvolutional\b|\bResNet\w*|\bU-Net/i],
  ['Recurrent neural network', /\bRNNs?\b|\bLSTMs?\b|\brecurrent neural/i],
  ['Reinforcement learning policy', /\breinforcement learning|\bpolicy (?:network|gradient|optimi[sz]ation)/i],
  ['Neural network', /\bneural networks?\b|\bdeep learning/i],
];

export function detectModelType(text: string): string | null {
  return MODEL_TYPES.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

const APPLICATION_DOMAINS: [string, RegExp][] = [
  [
    'Healthcare',
    /\bmedic(?:al|ine)|\bclinic\w*|\bhealth\w*|\bpatients?\b|\bdiseases?\b|\bdiagnos\w*|\bradiolog\w*|\bhospital|\bEHRs?\b|\bdrugs?\b/gi,
  ],
  ['Education', /\beducat\w*|\btutor(?:s|ing)?\b|\bclassrooms?|\bpedagog\w*|\bK-12\b|\bMOOCs?\b/gi],
  ['Robotics', /\brobot\w*|\bembodied\b|\bmanipulation tasks?|\bhumanoid/gi],
  ['Autonomous driving', /\bautonomous driving|\bself-driving|\bvehicles?\b|\btraffic\b/gi],
  ['Finance', /\bfinanc\w*|\bstocks?\b|\btrading\b|\bbanking|\binvestors?\b|\binvestments?\b/gi],
  ['Law', /\blegal\b|\bjudicial|\bcourts?\b|\blawyers?\b|\bstatut\w*|\bcase law\b/gi],
  [
    'Software engineering',
    /\bcode generation|\bprogram synthesis|\bsoftware\b|\bprogramming\b|\bcode repositor\w*|\bbug\w*|\bcodebases?/gi,
  ],
  [
    'Scientific discovery',
    /\bscientific\b|\bchemi\w*|\bmolecul\w*|\bproteins?\b|\bmaterials science|\bphysics\b|\bbiolog\w*|\bgenom\w*/gi,
  ],
  ['Cybersecurity', /\bcyber\w*|\bmalware|\bvulnerabilit\w*|\bintrusion|\bphishing|\bpenetration test/gi],
  ['Mathematics', /\bmath(?:ematical)? (?:reasoning|problems?)|\btheorem proving|\bolympiad|\bGSM8K\b|\bMATH\b/gi],
  ['Social media', /\bsocial media|\bmisinformation|\bfake news|\bhate speech|\bTwitter\b|\bReddit\b/gi],
  ['Earth and climate', /\bremote sensing|\bsatellite|\bclimate\b|\bweather\b|\bearth observation/gi],
  ['Recommendation and e-commerce', /\brecommend(?:er|ation)s?\b|\be-commerce|\bonline shopping/gi],
  ['Customer service', /\bcustomer (?:service|support)|\bcall cent(?:er|re)/gi],
  ['Games', /\bvideo games?|\bgame[- ]playing|\bchess\b|\bMinecraft|\bAtari\b/gi],
];

/** A domain counts when named in the title or mentioned twice in the abstract. */
const MIN_DOMAIN_SCORE = 2;
const TITLE_WEIGHT = 2;

/** Application domains the title and abstract talk about, the most mentioned first, at most `limit`. */
export function detectApplicationDomains(title: string, abstract: string, limit = 4): string[] {
  const mentions = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
  return APPLICATION_DOMAINS.map(([name, pattern], order) => ({
    name,
    order,
    score: TITLE_WEIGHT * mentions(title, pattern) + mentions(abstract, pattern),
  }))
    .filter((domain) => domain.score >= MIN_DOMAIN_SCORE)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((domain) => domain.name);
}
