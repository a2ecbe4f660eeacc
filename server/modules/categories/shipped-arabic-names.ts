import { isCategoryName } from '../../../common/paper-rules.js';

/**
 * Arabic names of the categories the site itself gives papers: the extractive summariser's topics,
 * the arXiv subjects and archives it names, and the catch-all. Every other category (one an admin
 * or a model adds) has no Arabic name until an admin gives it one on the categories screen.
 */
const SHIPPED_ARABIC_NAMES = new Map<string, string>([
  ['AI Agents', 'وكلاء الذكاء الاصطناعي'],
  ['Retrieval-Augmented Generation', 'التوليد المعزَّز بالاسترجاع'],
  ['Reinforcement Learning', 'التعلّم المعزَّز'],
  ['Reasoning', 'الاستدلال'],
  ['AI Safety and Alignment', 'أمان الذكاء الاصطناعي ومواءمته'],
  ['Multimodal Learning', 'التعلّم متعدد الوسائط'],
  ['Generative Models', 'النماذج التوليدية'],
  ['Efficient Inference', 'الاستنتاج الفعّال'],
  ['Interpretability', 'قابلية التفسير'],
  ['Fine-Tuning and Adaptation', 'الضبط الدقيق والتكييف'],
  ['Graph Learning', 'التعلّم على الرسوم البيانية'],
  ['Embodied AI', 'الذكاء الاصطناعي المتجسِّد'],
  ['Benchmarks and Evaluation', 'المقاييس المعيارية والتقييم'],
  ['Large Language Models', 'النماذج اللغوية الكبيرة'],
  ['Artificial Intelligence', 'الذكاء الاصطناعي'],
  ['Natural Language Processing', 'معالجة اللغات الطبيعية'],
  ['Computer Vision', 'الرؤية الحاسوبية'],
  ['Machine Learning', 'تعلّم الآلة'],
  ['Robotics', 'الروبوتات'],
  ['Information Retrieval', 'استرجاع المعلومات'],
  ['Neural and Evolutionary Computing', 'الحوسبة العصبية والتطورية'],
  ['Human-Computer Interaction', 'التفاعل بين الإنسان والحاسوب'],
  ['Security and Cryptography', 'الأمن والتشفير'],
  ['Software Engineering', 'هندسة البرمجيات'],
  ['Multi-Agent Systems', 'الأنظمة متعددة الوكلاء'],
  ['Speech and Audio', 'الكلام والصوت'],
  ['Image and Video Processing', 'معالجة الصور والفيديو'],
  ['Signal Processing', 'معالجة الإشارات'],
  ['Systems and Control', 'الأنظمة والتحكّم'],
  ['Computer Graphics', 'رسوميات الحاسوب'],
  ['Computers and Society', 'الحاسوب والمجتمع'],
  ['Information Theory', 'نظرية المعلومات'],
  ['Game Theory', 'نظرية الألعاب'],
  ['Computational Engineering', 'الهندسة الحاسوبية'],
  ['Databases', 'قواعد البيانات'],
  ['Distributed Computing', 'الحوسبة الموزَّعة'],
  ['Social and Information Networks', 'الشبكات الاجتماعية والمعلوماتية'],
  ['Multimedia', 'الوسائط المتعددة'],
  ['Hardware Architecture', 'معمارية العتاد'],
  ['Digital Libraries', 'المكتبات الرقمية'],
  ['Networking', 'الشبكات'],
  ['Logic in Computer Science', 'المنطق في علوم الحاسوب'],
  ['Programming Languages', 'لغات البرمجة'],
  ['Data Structures and Algorithms', 'هياكل البيانات والخوارزميات'],
  ['Computational Complexity', 'التعقيد الحسابي'],
  ['Formal Languages', 'اللغات الصورية'],
  ['Symbolic Computation', 'الحوسبة الرمزية'],
  ['Optimization and Control', 'التحسين والتحكّم'],
  ['Statistical Methodology', 'المنهجية الإحصائية'],
  ['Applied Statistics', 'الإحصاء التطبيقي'],
  ['Neuroscience', 'علم الأعصاب'],
  ['Physics', 'الفيزياء'],
  ['Quantum Computing', 'الحوسبة الكمّية'],
  ['Mathematics', 'الرياضيات'],
  ['Statistics', 'الإحصاء'],
  ['Computational Biology', 'علم الأحياء الحاسوبي'],
  ['Quantitative Finance', 'التمويل الكمّي'],
  ['Economics', 'الاقتصاد'],
  ['Other', 'أخرى'],
]);

export function shippedArabicNames(): ReadonlyMap<string, string> {
  return SHIPPED_ARABIC_NAMES;
}

/**
 * Rows for new categories: a name the site ships an Arabic name for gets it; others get none. Every
 * writer that creates categories inserts these, so a shipped name is Arabic however it arrives, and
 * a name that breaks the rule of category names (which every writer checks first) is never stored.
 */
export function newCategoryRows(names: readonly string[], now: string) {
  const refused = names.find((name) => !isCategoryName(name));
  if (refused !== undefined) throw new Error(`Not a category name: ${JSON.stringify(refused)}`);
  return names.map((name) => ({ name, name_ar: SHIPPED_ARABIC_NAMES.get(name) ?? null, created_at: now }));
}
