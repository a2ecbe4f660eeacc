import type { Locale } from '../../../common/account-rules.js';
import type { DigestFrequency } from '../../../common/digest-rules.js';

export interface DigestMailTexts {
  subject: Record<DigestFrequency, (papers: string) => string>;
  /** "12 new papers", with the language's plural forms. */
  papers: (count: number) => string;
  greeting: (name: string) => string;
  leadWeekly: (first: string, last: string) => string;
  leadDaily: (day: string) => string;
  more: (count: number) => string;
  seeAll: string;
  /** The heading of the papers like the ones the reader saved, below the categories' papers. */
  recommended: string;
  /** Why a paper is recommended: the saved paper it is most like. */
  because: (title: string) => string;
  reason: (siteName: string) => string;
  settings: string;
  unsubscribe: string;
}

const arabicPlural = new Intl.PluralRules('ar');

/** The digest mail's texts; paper titles and summaries stay in the language they were written in. */
export const DIGEST_MAIL_TEXTS: Record<Locale, DigestMailTexts> = {
  en: {
    subject: {
      weekly: (papers) => `Your weekly AI Research Digest: ${papers}`,
      daily: (papers) => `Your daily AI Research Digest: ${papers}`,
    },
    papers: (count) => (count === 1 ? '1 new paper' : `${count} new papers`),
    greeting: (name) => `Hi ${name},`,
    leadWeekly: (first, last) =>
      `Here are the new papers in the categories you follow, from ${first} to ${last} (UTC).`,
    leadDaily: (day) => `Here are the new papers in the categories you follow, on ${day} (UTC).`,
    more: (count) => `And ${count} more.`,
    seeAll: 'See them all on the AI Research Digest',
    recommended: 'Recommended for you, like the papers you saved',
    because: (title) => `Because you saved “${title}”`,
    reason: (site) => `You receive this mail because you subscribed to the email digest of ${site}.`,
    settings: 'Change your digest settings',
    unsubscribe: 'Unsubscribe',
  },
  ar: {
    subject: {
      weekly: (papers) => `ملخص أبحاث الذكاء الاصطناعي الأسبوعي: ${papers}`,
      daily: (papers) => `ملخص أبحاث الذكاء الاصطناعي اليومي: ${papers}`,
    },
    papers: (count) =>
      ({
        zero: 'لا أوراق جديدة',
        one: 'ورقة جديدة واحدة',
        two: 'ورقتان جديدتان',
        few: `${count} أوراق جديدة`,
        many: `${count} ورقة جديدة`,
        other: `${count} ورقة جديدة`,
      })[arabicPlural.select(count) as 'other'],
    greeting: (name) => `مرحبًا ${name}،`,
    leadWeekly: (first, last) =>
      `إليك الأوراق الجديدة في التصنيفات التي تتابعها، من ${first} إلى ${last} (بتوقيت UTC).`,
    leadDaily: (day) => `إليك الأوراق الجديدة في التصنيفات التي تتابعها، يوم ${day} (بتوقيت UTC).`,
    more: (count) => `عدد الأوراق الجديدة الأخرى: ${count}.`,
    seeAll: 'اطّلع عليها كلها في ملخص أبحاث الذكاء الاصطناعي',
    recommended: 'مقترحة لك، تشبه الأوراق التي حفظتها',
    because: (title) => `لأنك حفظت «${title}»`,
    reason: (site) => `تصلك هذه الرسالة لأنك اشتركت في الملخص البريدي لموقع ${site}.`,
    settings: 'تغيير إعدادات الملخص البريدي',
    unsubscribe: 'إلغاء الاشتراك',
  },
};
