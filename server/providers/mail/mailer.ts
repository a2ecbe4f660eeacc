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
  /** Sends in the background with retries; never throws. A failure is logged. */
  deliver(message: MailMessage): void;
  /**
   * Sends once and resolves when the mail server accepted the message; rejects when it did not.
   * For callers that record what was sent and retry on their own terms (the digest).
   */
  send(message: MailMessage): Promise<void>;
  /** Resolves when every delivery started so far has finished (shutdown and tests). */
  idle(): Promise<void>;
}

interface Transport {
  send(message: MailMessage): Promise<void>;
}

function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
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
  options: { smtpUrl: string | null; from: string; outboxDir: string; retryDelaysMs?: number[] },
  log: FastifyBaseLogger,
): Mailer {
  const transport = options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from)
    : outboxTransport(options.outboxDir, log);
  const retryDelaysMs = options.retryDelaysMs ?? [2_000, 10_000, 30_000];
  const pending = new Set<Promise<void>>();

  async function attempt(message: MailMessage): Promise<void> {
    for (let tryIndex = 0; ; tryIndex++) {
      try {
        await transport.send(message);
        return;
      } catch (error) {
        const delay = retryDelaysMs[tryIndex];
        if (delay === undefined) {
          log.error({ err: error, to: message.to }, `Mail "${message.subject}" could not be sent; giving up`);
          return;
        }
        log.warn({ err: error, to: message.to }, `Mail "${message.subject}" failed; retrying in ${delay} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

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
    deliver(message) {
      void track(attempt(message));
    },
    send: (message) => track(transport.send(message)),
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
