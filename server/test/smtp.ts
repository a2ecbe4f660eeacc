import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Refuses the next n messages with a temporary error, as a failing provider would. */
  failNext(count: number): void;
  /** The next mail to this address not yet taken, waiting for it to arrive. */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port (or on `port`, to come back where one was stopped) that keeps
 * what it receives, for tests to read. With `replyDelayMs` it is slow: it takes each message only
 * that long after receiving it.
 */
export async function startSmtpServer(options: { replyDelayMs?: number; port?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          const accept = () => {
            received.push({
              to: to?.value[0]?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              raw: mail,
            });
            callback();
          };
          if (options.replyDelayMs) setTimeout(accept, options.replyDelayMs);
          else accept();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    async nextMailTo(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to === address.toLowerCase() && !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The action link of an account mail, as a path and query on the site. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/[^\s"<>]+\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

/** A test SMTP server from beforeAll to afterAll of the calling describe block. */
export function useSmtpServer(): TestSmtpServer {
  const server = {} as TestSmtpServer;
  beforeAll(async () => {
    Object.assign(server, await startSmtpServer());
  });
  afterAll(async () => {
    await server.close?.();
  });
  return server;
}
