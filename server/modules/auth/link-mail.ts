import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../common/account-rules.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import { type AccountMailKind, accountMail, greetingName, signupNoticeMail } from './mail-templates.js';
import type { AuthRepo } from './repo.js';
import { hashToken, randomToken } from './tokens.js';

const MINUTE = 60 * 1000;

export const LINK_MAIL = {
  /**
   * Waits before trying a failed mail again, by failures so far; the last repeats until the link
   * expires. Each is longer than the mail client's time limits on connecting, so that a slow
   * attempt is not taken over by a retry.
   */
  retryDelaysMs: [MINUTE / 2, MINUTE, 5 * MINUTE, 15 * MINUTE],
  /** The longest wait between looks for mails due, which finds those another process left when it stopped. */
  scanMs: 5 * MINUTE,
  /** Mails taken at a time. */
  batchSize: 20,
} as const;

/** A link's mail: what it says, to whom, and the token its link carries. */
export interface LinkMail {
  kind: AccountMailKind;
  locale: Locale;
  to: string;
  /** Whom the mail greets by name: null for a neutral greeting (see greetingName). */
  name: string | null;
  token: string;
}

/**
 * The account mails (verification and reset links), sent without the request waiting. A mail the
 * mail server did not take is recorded on its link and tried again, with growing waits, until the
 * server takes it or the link expires: a reader who signed up while the mail server was down gets
 * the mail once it is back, even if the site restarted meanwhile. Only token hashes are stored: a
 * retry draws a new token, which replaces the link's (no mail with the old one was delivered).
 */
export function createLinkMailer(deps: {
  repo: Pick<AuthRepo, 'retryLinkMail' | 'dueLinkMails' | 'takeLinkMail' | 'linkMailSent' | 'nextLinkMailDue'>;
  mailer: Pick<Mailer, 'send' | 'inBackground'>;
  publicUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
}) {
  const { repo, mailer, log } = deps;
  const delays = deps.retryDelaysMs ?? LINK_MAIL.retryDelaysMs;
  const retryAfter = (failures: number) => new Date(Date.now() + (delays[Math.min(failures, delays.length) - 1] ?? 0));
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let pass: Promise<void> | null = null;

  function message(mail: Omit<LinkMail, 'token'>, token: string) {
    const path = mail.kind === 'verify' ? 'verify-email' : 'reset-password';
    return accountMail({ ...mail, siteName: deps.siteName, link: `${deps.publicUrl}/${path}?token=${token}` });
  }

  /** Sends; on failure logs it for the operator and answers false. */
  async function attempt(mail: Omit<LinkMail, 'token'>, token: string, retryAt: Date, failures: number) {
    const sent = message(mail, token);
    try {
      await mailer.send(sent);
      return true;
    } catch (error) {
      log.warn(
        { err: error, to: mail.to, failures },
        `Mail "${sent.subject}" could not be sent; trying again at ${retryAt.toISOString()}`,
      );
      return false;
    }
  }

  /** Looks for mails due at `at`, unless a look comes sooner; only while started. */
  function wakeAt(at: number) {
    if (!started || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Number.POSITIVE_INFINITY;
        void sendAllDue();
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
  }

  async function retry({ tokenHash, failures }: { tokenHash: string; failures: number }, now: Date): Promise<void> {
    const token = randomToken();
    const retryAt = retryAfter(failures + 1);
    const mail = await repo.takeLinkMail(tokenHash, hashToken(token), now, retryAt);
    if (!mail) return;
    const locale: Locale = mail.locale === 'ar' ? 'ar' : 'en';
    const name = greetingName(mail);
    if (await attempt({ kind: mail.purpose, locale, to: mail.to, name }, token, retryAt, mail.attempts)) {
      await repo.linkMailSent(hashToken(token));
    } else wakeAt(retryAt.getTime());
  }

  /** Sends every mail due, then looks again when the next falls due (at the latest after scanMs). */
  function sendAllDue(): Promise<void> {
    pass ??= (async () => {
      const now = new Date();
      let next = now.getTime() + LINK_MAIL.scanMs;
      try {
        for (;;) {
          const due = await repo.dueLinkMails(now, LINK_MAIL.batchSize);
          for (const link of due) await retry(link, now);
          if (due.length < LINK_MAIL.batchSize) break;
        }
        const nextDue = await repo.nextLinkMailDue(now);
        if (nextDue) next = Math.min(next, nextDue.getTime());
      } catch (error) {
        log.warn({ err: error }, 'sending the account mails due failed; trying again later');
        next = retryAfter(1).getTime();
      } finally {
        pass = null;
      }
      wakeAt(next);
    })();
    return pass;
  }

  return {
    /** Sends a new link's mail in the background; if the mail server does not take it, it is tried again. */
    deliver(mail: LinkMail): void {
      mailer.inBackground(async () => {
        const retryAt = retryAfter(1);
        if (await attempt(mail, mail.token, retryAt, 1)) return;
        await repo.retryLinkMail(hashToken(mail.token), retryAt);
        wakeAt(retryAt.getTime());
      });
    },

    /**
     * Sends, in the background and once, the notice that someone tried to register with an address
     * that has an account. It carries no token, so it has no link row to be retried from: if the mail
     * server does not take it, the failure is logged, and the owner loses nothing the site's sign-in
     * and reset pages do not offer.
     */
    deliverSignupNotice(notice: { locale: Locale; to: string; name: string | null }): void {
      const sent = signupNoticeMail({
        ...notice,
        siteName: deps.siteName,
        signInLink: `${deps.publicUrl}/authenticate`,
        resetLink: `${deps.publicUrl}/forgot-password`,
      });
      mailer.inBackground(async () => {
        try {
          await mailer.send(sent);
        } catch (error) {
          log.warn({ err: error, to: notice.to }, `Mail "${sent.subject}" could not be sent`);
        }
      });
    },

    /** Sends the mails due now and keeps looking for mails due (the web process runs it). */
    start(): void {
      started = true;
      void sendAllDue();
    },

    /** Stops looking, after the look under way. */
    async stop(): Promise<void> {
      started = false;
      clearTimeout(timer);
      timerAt = Number.POSITIVE_INFINITY;
      await pass;
    },
  };
}

export type LinkMailer = ReturnType<typeof createLinkMailer>;
