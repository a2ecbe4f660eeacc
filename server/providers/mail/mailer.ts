import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside the mail, logged by the outbox so a developer can follow it. */
  link: string;
  /** Extra header fields, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends once and resolves when the mail server accepted the message; rejects when it did not. */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs `delivery` (sending and recording the outcome) without the caller waiting for it; idle()
   * waits for it. A failure it lets through is logged.
   */
  inBackground(delivery: () => Promise<void>): void;
  /** Resolves when every send and delivery started so far has finished (shutdown and tests). */
  idle(): Promise<void>;
}

interface Transport {
  send(message: MailMessage): Promise<void>;
}

/**
 * Time limits on one message, far below nodemailer's defaults (minutes): a mail server that stopped
 * answering fails the attempt, and the attempt ends before a retry could take the mail over.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
  };
}

/** Without SMTP, mails are files in DATA_DIR/outbox and their links are logged. */
function outboxTransport(dir: string, log: FastifyBaseLogger): Transport {
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replaceAll(':', '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.json`,
      );
      writeFileSync(file, `${JSON.stringify(message, null, 2)}\n`);
      log.info({ to: message.to, file }, `Mail "${message.subject}" written to the outbox; link: ${message.link}`);
    },
  };
}

export function createMailer(
  options: { smtpUrl: string | null; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  const transport = options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from)
    : outboxTransport(options.outboxDir, log);
  const pending = new Set<Promise<void>>();

  /** Keeps a delivery in `pending` until it settles, so idle() waits for it; answers it unchanged. */
  function track(delivery: Promise<void>): Promise<void> {
    const forget = () => {
      pending.delete(settled);
    };
    const settled: Promise<void> = delivery.then(forget, forget);
    pending.add(settled);
    return delivery;
  }

  return {
    send: (message) => track(transport.send(message)),
    inBackground(delivery) {
      track(delivery()).catch((error: unknown) => log.error({ err: error }, 'a mail delivery failed'));
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
