import type { Locale } from '../../../common/account-rules.js';
import { escapeHtml, mailDocument } from '../../providers/mail/mail-html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export type AccountMailKind = 'verify' | 'reset';

/**
 * The name a mail greets its reader by: an account's name only once its address is verified, since
 * until then the name is whatever someone typed when signing up with that address.
 */
export const greetingName = (account: { name: string; verified: boolean }): string | null =>
  account.verified ? account.name : null;

const GREETINGS: Record<Locale, (name: string | null) => string> = {
  en: (name) => (name ? `Hi ${name},` : 'Hello,'),
  ar: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
};

interface MailTexts {
  subject: string;
  lead: (siteName: string) => string;
  action: string;
  expiry: string;
  ignore: string;
}

const TEXTS: Record<Locale, Record<AccountMailKind, MailTexts>> = {
  en: {
    verify: {
      subject: 'Verify your email address',
      lead: (site) => `Welcome to ${site}. Confirm your email address to finish creating your account.`,
      action: 'Verify email address',
      expiry: 'This link expires in 24 hours and works once.',
      ignore: 'If you did not create an account, you can ignore this email.',
    },
    reset: {
      subject: 'Reset your password',
      lead: (site) => `We received a request to reset the password of your ${site} account.`,
      action: 'Choose a new password',
      expiry: 'This link expires in 1 hour and works once. Resetting signs you out everywhere else.',
      ignore: 'If you did not ask for this, you can ignore this email; your password stays the same.',
    },
  },
  ar: {
    verify: {
      subject: 'تأكيد عنوان بريدك الإلكتروني',
      lead: (site) => `أهلًا بك في ${site}. أكّد عنوان بريدك الإلكتروني لإكمال إنشاء حسابك.`,
      action: 'تأكيد البريد الإلكتروني',
      expiry: 'تنتهي صلاحية هذا الرابط بعد 24 ساعة ويعمل مرة واحدة فقط.',
      ignore: 'إذا لم تُنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة المرور',
      lead: (site) => `تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في ${site}.`,
      action: 'اختيار كلمة مرور جديدة',
      expiry:
        'تنتهي صلاحية هذا الرابط بعد ساعة واحدة ويعمل مرة واحدة فقط. تؤدي إعادة التعيين إلى تسجيل خروجك من الأجهزة الأخرى.',
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    },
  },
};

export const paragraph = (text: string) => `<p style="font-size:16px;line-height:1.6">${escapeHtml(text)}</p>`;
export const note = (text: string) => `<p style="font-size:14px;color:#475569;line-height:1.6">${escapeHtml(text)}</p>`;
export const button = (link: string, label: string, primary = true) =>
  `<a href="${escapeHtml(link)}" style="${primary ? 'background:#4338ca;color:#ffffff' : 'background:#ffffff;color:#4338ca;border:1px solid #4338ca'};padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block;margin:4px">${escapeHtml(label)}</a>`;
const plainLink = (link: string) =>
  `<p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(link)}</p>`;

export interface MailAddressing {
  locale: Locale;
  to: string;
  name: string | null;
  siteName: string;
}

/**
 * A mail in the reader's language that greets them and leads with `texts.lead`, then says `body`:
 * as HTML (right to left for Arabic) and as plain text, one line of `body.text` a line.
 */
export function greetingMail(
  input: MailAddressing & { link: string },
  texts: { subject: string; lead: (siteName: string) => string },
  body: { html: string; text: string[] },
): MailMessage {
  const greeting = GREETINGS[input.locale](input.name);
  const lead = texts.lead(input.siteName);
  const html = mailDocument(
    input.locale,
    `<p style="font-size:16px">${escapeHtml(greeting)}</p>
${paragraph(lead)}
${body.html}`,
  );
  const text = [greeting, '', lead, '', ...body.text].join('\n');
  return { to: input.to, subject: `${texts.subject} | ${input.siteName}`, html, text, link: input.link };
}

/** An account mail in the user's language, as HTML (right to left for Arabic) and plain text. */
export function accountMail(input: MailAddressing & { kind: AccountMailKind; link: string }): MailMessage {
  const t = TEXTS[input.locale][input.kind];
  return greetingMail(input, t, {
    html: `<p style="margin:28px 0">${button(input.link, t.action)}</p>
${note(t.expiry)}
${note(t.ignore)}
${plainLink(input.link)}`,
    text: [`${t.action}: ${input.link}`, '', t.expiry, t.ignore],
  });
}

const SIGNUP_NOTICE_TEXTS: Record<
  Locale,
  { subject: string; lead: (siteName: string) => string; advice: string; signIn: string; reset: string; ignore: string }
> = {
  en: {
    subject: 'Someone tried to register with your address',
    lead: (site) =>
      `Someone tried to register at ${site} with this email address. It already has an account, and nothing was changed.`,
    advice:
      'If it was you, sign in. If you have forgotten your password, or never confirmed this address, reset your password.',
    signIn: 'Sign in',
    reset: 'Reset your password',
    ignore: 'If it was not you, you can ignore this email.',
  },
  ar: {
    subject: 'حاول أحدهم التسجيل بعنوان بريدك الإلكتروني',
    lead: (site) =>
      `حاول أحدهم التسجيل في ${site} بعنوان البريد الإلكتروني هذا. لهذا العنوان حساب بالفعل، ولم يتغيّر فيه شيء.`,
    advice: 'إذا كنت أنت، فسجّل الدخول. وإذا نسيت كلمة المرور أو لم تؤكّد هذا العنوان بعد، فأعد تعيين كلمة المرور.',
    signIn: 'تسجيل الدخول',
    reset: 'إعادة تعيين كلمة المرور',
    ignore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة.',
  },
};

/**
 * The mail a sign-up with an address that already has an account sends to that address instead of
 * a verification link: nothing changed; sign in, or reset the password. It carries no token.
 */
export function signupNoticeMail(input: MailAddressing & { signInLink: string; resetLink: string }): MailMessage {
  const t = SIGNUP_NOTICE_TEXTS[input.locale];
  return greetingMail({ ...input, link: input.signInLink }, t, {
    html: `${paragraph(t.advice)}
<p style="margin:28px 0">${button(input.signInLink, t.signIn)} ${button(input.resetLink, t.reset, false)}</p>
${note(t.ignore)}`,
    text: [t.advice, '', `${t.signIn}: ${input.signInLink}`, `${t.reset}: ${input.resetLink}`, '', t.ignore],
  });
}
