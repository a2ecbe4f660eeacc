import type { Kysely, Migration } from 'kysely';

/**
 * The Arabic names the site shipped for its own categories when this migration was released, kept
 * here as they were: the categories module's list may change later, this migration may not.
 */
const ARABIC_NAMES_AT_RELEASE: readonly [name: string, nameAr: string][] = [
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
];

/**
 * Arabic beside English: the summary's reader-facing fields in Arabic (written by the model), and an
 * Arabic name per category, given here to the categories the site ships names for. Categories made
 * later get theirs when they are created (newCategoryRows).
 */
export function arabicSummariesMigration(): Migration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then
  const up = async (db: Kysely<any>) => {
    await db.schema.alterTable('summaries').addColumn('data_ar', 'text').execute();
    await db.schema.alterTable('categories').addColumn('name_ar', 'text').execute();
    for (const [name, nameAr] of ARABIC_NAMES_AT_RELEASE) {
      await db.updateTable('categories').set({ name_ar: nameAr }).where('name', '=', name).execute();
    }
  };
  return { up };
}
