import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../common/account-rules.js';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.js';
import { button, greetingMail, greetingName, type MailAddressing, note, paragraph } from '../auth/mail-templates.js';
import type { UserRow } from '../users/repo.js';

/** The changes to an account that its owner is told of by mail. */
export type AccountNoticeKind = 'deleted' | 'suspended' | 'restored' | 'promoted' | 'demoted';

interface NoticeTexts {
  subject: string;
  lead: (siteName: string) => string;
  /** The action's button, which leads to the sign-in page; none when the account cannot sign in. */
  action?: string;
  reason?: string;
  contact: (address: string) => string;
}

/** The last line of a notice of a change its owner may not want: where to object. */
const CONTACT = {
  en: (address: string) => `If you think this is a mistake, write to ${address}.`,
  ar: (address: string) => `إذا كنت تعتقد أن هذا خطأ، فراسلنا على ${address}.`,
};
/** The last line of a notice of a change its owner will welcome: there is no mistake to report. */
const QUESTIONS = {
  en: (address: string) => `If you have a question about your account, write to ${address}.`,
  ar: (address: string) => `إذا كان لديك سؤال عن حسابك، فراسلنا على ${address}.`,
};

const TEXTS: Record<Locale, Record<AccountNoticeKind, NoticeTexts>> = {
  en: {
    deleted: {
      subject: 'Your account was deleted',
      lead: (site) =>
        `Your ${site} account has been deleted, with its sessions, bookmarks, digest settings and the images no comment shows. Your comments stay under their papers, shown as by a deleted user.`,
      contact: CONTACT.en,
    },
    suspended: {
      subject: 'Your account was suspended',
      lead: (site) =>
        `An administrator suspended your ${site} account. While it is suspended you cannot sign in, comment, bookmark papers or upload images.`,
      reason: 'Reason',
      contact: CONTACT.en,
    },
    restored: {
      subject: 'Your account was restored',
      lead: (site) => `An administrator restored your ${site} account: you can sign in again.`,
      action: 'Sign in',
      contact: QUESTIONS.en,
    },
    promoted: {
      subject: 'You are now an administrator',
      lead: (site) =>
        `Your ${site} account is now an administrator account: the Admin Panel is in your account menu once you sign in.`,
      action: 'Sign in',
      contact: QUESTIONS.en,
    },
    demoted: {
      subject: 'You are no longer an administrator',
      lead: (site) => `Your ${site} account is no longer an administrator account. You can still sign in as a reader.`,
      action: 'Sign in',
      contact: CONTACT.en,
    },
  },
  ar: {
    deleted: {
      subject: 'تم حذف حسابك',
      lead: (site) =>
        `تم حذف حسابك في ${site} مع جلساته وإشاراته المرجعية وإعدادات الملخّص البريدي والصور التي لا يعرضها أي تعليق. تبقى تعليقاتك تحت أوراقها، منسوبة إلى مستخدم محذوف.`,
      contact: CONTACT.ar,
    },
    suspended: {
      subject: 'تم تعليق حسابك',
      lead: (site) =>
        `علّق أحد المشرفين حسابك في ${site}. ما دام معلّقًا لا يمكنك تسجيل الدخول ولا التعليق ولا حفظ الأوراق في الإشارات المرجعية ولا رفع الصور.`,
      reason: 'السبب',
      contact: CONTACT.ar,
    },
    restored: {
      subject: 'تمت استعادة حسابك',
      lead: (site) => `أعاد أحد المشرفين تفعيل حسابك في ${site}: يمكنك تسجيل الدخول من جديد.`,
      action: 'تسجيل الدخول',
      contact: QUESTIONS.ar,
    },
    promoted: {
      subject: 'أصبحت مشرفًا',
      lead: (site) => `أصبح حسابك في ${site} حساب مشرف: تجد لوحة الإدارة في قائمة حسابك بعد تسجيل الدخول.`,
      action: 'تسجيل الدخول',
      contact: QUESTIONS.ar,
    },
    demoted: {
      subject: 'لم تعد مشرفًا',
      lead: (site) => `لم يعد حسابك في ${site} حساب مشرف. يمكنك تسجيل الدخول قارئًا كما من قبل.`,
      action: 'تسجيل الدخول',
      contact: CONTACT.ar,
    },
  },
};

/** A notice of a change to the account, in its owner's language, as HTML (right to left for Arabic) and plain text. */
export function accountNoticeMail(
  input: MailAddressing & { kind: AccountNoticeKind; link: string; reason: string | null; contactEmail: string },
): MailMessage {
  const t = TEXTS[input.locale][input.kind];
  const reason = t.reason && input.reason ? `${t.reason}: ${input.reason}` : null;
  return greetingMail(input, t, {
    html: [
      reason ? paragraph(reason) : '',
      t.action ? `<p style="margin:28px 0">${button(input.link, t.action)}</p>` : '',
      note(t.contact(input.contactEmail)),
    ].join('\n'),
    text: [
      ...(reason ? [reason, ''] : []),
      ...(t.action ? [`${t.action}: ${input.link}`, ''] : []),
      t.contact(input.contactEmail),
    ],
  });
}

/**
 * Tells an account's owner, at its address and in its language, what an administrator or they
 * themselves changed: sent once in the background after the change is made; a mail the server does
 * not take is logged, and the change stands.
 */
export function createAccountMails(deps: {
  mailer: Pick<Mailer, 'send' | 'inBackground'>;
  publicUrl: string;
  siteName: string;
  contactEmail: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  return {
    send(kind: AccountNoticeKind, user: UserRow, reason: string | null = null): void {
      const message = accountNoticeMail({
        kind,
        locale: user.locale === 'ar' ? 'ar' : 'en',
        to: user.email,
        name: greetingName({ name: user.name, verified: user.is_verified === 1 }),
        siteName: deps.siteName,
        link: `${deps.publicUrl}/authenticate`,
        reason,
        contactEmail: deps.contactEmail,
      });
      deps.mailer.inBackground(async () => {
        try {
          await deps.mailer.send(message);
        } catch (error) {
          deps.log.warn({ err: error, to: user.email }, `Mail "${message.subject}" could not be sent`);
        }
      });
    },
  };
}

export type AccountMails = ReturnType<typeof createAccountMails>;
