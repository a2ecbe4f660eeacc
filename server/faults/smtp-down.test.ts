import type { LightMyRequestResponse as Answer } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '../../common/account-rules.js';
import { freePort } from '../../scripts/lib/production-server.js';
import { AUTH_MESSAGES } from '../modules/auth/service.js';
import { logIn, signUp, signupMarkerOf } from '../test/accounts.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { type TestDatabase, testDatabaseKinds } from '../test/databases.js';
import { waitFor } from '../test/eventually.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../test/smtp.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDatabaseKinds)('the mail server down while a visitor signs up, on $name', (kind) => {
  let database: TestDatabase;
  let smtpPort: number;
  let lines: string[];

  beforeEach(async () => {
    database = await kind.create();
    cleanups.push(() => database.dispose());
    smtpPort = await freePort();
    lines = [];
  });

  /** The site, pointed at a mail server port where nothing listens until the test starts one there. */
  async function startSite(): Promise<TestApp> {
    const target = await startTestApp(
      database,
      { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn' },
      { logDestination: { write: (line: string) => lines.push(line) } },
    );
    let closed: Promise<void> | undefined;
    const close = () => {
      closed ??= target.close();
      return closed;
    };
    cleanups.push(close);
    await target.app.ready();
    return { ...target, close };
  }

  async function smtpBack(): Promise<TestSmtpServer> {
    const smtp = await startSmtpServer({ port: smtpPort });
    cleanups.push(() => smtp.close());
    return smtp;
  }

  /** Failed attempts to mail `email`, as the log reports them to the operator. */
  const failedAttempts = (email: string) =>
    lines.filter((line) => line.includes('"level":40') && line.includes(`"to":"${email}"`)).length;
  /** More failed attempts than a process would make in memory: only mail recorded for a retry is still tried. */
  const LONG_DOWN = 4;

  /** Follows the mailed link in the browser that signed up (`signup`), which it signs in. */
  async function expectVerifiedBy(target: TestApp, smtp: TestSmtpServer, email: string, signup: Answer) {
    const link = linkIn(await smtp.nextMailTo(email));
    const verified = await target.app.inject({
      url: `/api/auth/verify-email${link.search}`,
      headers: { cookie: signupMarkerOf(signup) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ email, isVerified: true });
  }

  it('answers the sign-up as usual, and the verification mail arrives once the server is back', async () => {
    const target = await startSite();

    const answer = await signUp(target.app, { email: 'patient@example.org' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ message: AUTH_MESSAGES.signedUp });
    await waitFor('a long outage', () => failedAttempts('patient@example.org') >= LONG_DOWN);
    expect((await logIn(target.app, 'patient@example.org')).json().error).toBe(AUTH_ERRORS.emailNotVerified);

    await expectVerifiedBy(target, await smtpBack(), 'patient@example.org', answer);
  });

  it('sends the mail of a resend made while it was down, with the link that works', async () => {
    const target = await startSite();

    const signup = await signUp(target.app, { email: 'eager@example.org' });
    expect(signup.statusCode).toBe(201);
    await waitFor('a failed attempt', () => failedAttempts('eager@example.org') >= 1);
    const resend = await target.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'eager@example.org' },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: AUTH_MESSAGES.verificationResent });
    const failedBefore = failedAttempts('eager@example.org');
    await waitFor('a long outage', () => failedAttempts('eager@example.org') >= failedBefore + LONG_DOWN);

    await expectVerifiedBy(target, await smtpBack(), 'eager@example.org', signup);
  });

  it('still sends the mail when the site restarted while the server was down', async () => {
    const before = await startSite();
    const signup = await signUp(before.app, { email: 'restarted@example.org' });
    expect(signup.statusCode).toBe(201);
    await waitFor('a failed attempt', () => failedAttempts('restarted@example.org') >= 1);
    // The site is gone, as a process that exits: closed, with every delivery it had under way ended.
    await before.close();
    await before.services.mailer.idle();

    const smtp = await smtpBack();
    const after = await startSite();
    await expectVerifiedBy(after, smtp, 'restarted@example.org', signup);
  });
});
