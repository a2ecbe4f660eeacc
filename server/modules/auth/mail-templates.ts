import type { Locale } from '../../../common/account-rules.js';
import { escapeHtml, mailDocument } from '../../providers/mail/mail-html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export type AccountMailKind = 'verify' | 'reset';

interface MailTexts {
  subject: string;
  greeting: (name: string) => string;
  lead: (siteName: string) => string;
  action: string;
  expiry: string;
  ignore: string;
}

const TEXTS: Record<Locale, Record<AccountMailKind, MailTexts>> = {
  en: {
    verify: {
      subject: 'Verify your email address',
      greeting: (name) => `Hi ${name},`,
      lead: (site) => `Welcome to ${site}. Confirm your email address to finish creating your account.`,
      action: 'Verify email address',
      expiry: 'This link expires in 24 hours and works once.',
      ignore: 'If you did not create an account, you can ignore this email.',
    },
    reset: {
      subject: 'Reset your password',
      greeting: (name) => `Hi ${name},`,
      lead: (site) => `We received a request to reset the password of your ${site} account.`,
      action: 'Choose a new password',
      expiry: 'This link expires in 1 hour and works once. Resetting signs you out everywhere else.',
      ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
    },
  },
  ar: {
    verify: {
      subject: 'تأكيد عنوان بريدك الإلكتروني',
      greeting: (name) => `مرحبًا ${name}،`,
      lead: (site) => `أهلًا بك في ${site}. أكّد عنوان بريدك الإلكتروني لإكمال إنشاء حسابك.`,
      action: 'تأكيد البريد الإلكتروني',
      expiry: 'تنتهي صلاحية هذا الرابط بعد 24 ساعة ويعمل مرة واحدة فقط.',
      ignore: 'إذا لم تُنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور',
      greeting: (name) => `مرحبًا ${name}،`,
      lead: (site) => `تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في ${site}.`,
      action: 'اختيار كلمة مرور جديدة',
      expiry:
        'تنتهي صلاحية هذا الرابط بعد ساعة واحدة ويعمل مرة واحدة فقط. تؤدي إعادة التعيين إلى تسجيل خروجك من الأجهزة الأخرى.',
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    },
  },
};

/** An account mail in the user's language, as HTML (right to left for Arabic) and plain text. */
export function accountMail(input: {
  kind: AccountMailKind;
  locale: Locale;
  to: string;
  name: string;
  siteName: string;
  link: string;
}): MailMessage {
  const t = TEXTS[input.locale][input.kind];
  const paragraphs = [t.lead(input.siteName), t.expiry, t.ignore];
  const html = mailDocument(
    input.locale,
    `<p style="font-size:16px">${escapeHtml(t.greeting(input.name))}</p>
<p style="font-size:16px;line-height:1.6">${escapeHtml(paragraphs[0] ?? '')}</p>
<p style="margin:28px 0"><a href="${escapeHtml(input.link)}" style="background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t.action)}</a></p>
<p style="font-size:14px;color:#475569;line-height:1.6">${escapeHtml(paragraphs[1] ?? '')}</p>
<p style="font-size:14px;color:#475569;line-height:1.6">${escapeHtml(paragraphs[2] ?? '')}</p>
<p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(input.link)}</p>`,
  );
  const text = [
    t.greeting(input.name),
    '',
    paragraphs[0],
    '',
    `${t.action}: ${input.link}`,
    '',
    paragraphs[1],
    paragraphs[2],
  ].join('\n');
  return { to: input.to, subject: `${t.subject} | ${input.siteName}`, html, text, link: input.link };
}
