import type { Page } from 'playwright-core';
import type { Comment } from '../../common/comments.js';
import type { PublicUser } from '../../common/users.js';
import { linkIn, type TestSmtpServer } from '../../server/test/smtp.js';
import type { PageOptions, Site } from './site.js';

/** A verified, signed-in reader, for tests that need several without going through the sign-up pages. */
export interface Reader {
  user: PublicUser;
  /** The session cookie as a request header (`sid=...`). */
  cookie: string;
  /** A page of a context of its own, signed in as this reader. */
  newPage(options?: PageOptions): Promise<Page>;
  /** POST /api/comments as this reader; fails unless the server stores the comment. */
  postComment(paperId: number, text: string): Promise<Comment>;
}

/** The `name=value` part of the cookie `name` among an answer's Set-Cookie headers; '' when absent. */
function setCookie(answer: Response, name: string): string {
  return (
    answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.split(';')[0] ?? ''
  );
}

/**
 * Signs up through the API and follows the verification mail's token with the sign-up's marker
 * cookie, which signs the reader in, as the link in the mail does in the browser that signed up.
 */
export async function signUpReader(site: Site, smtp: TestSmtpServer, name: string, email: string): Promise<Reader> {
  const signup = await fetch(`${site.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'correct horse battery', locale: 'en' }),
  });
  if (signup.status !== 201) throw new Error(`sign-up of ${email} answered ${signup.status}`);
  const token = linkIn(await smtp.nextMailTo(email)).searchParams.get('token') ?? '';
  const verified = await fetch(`${site.baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: { Cookie: setCookie(signup, 'signup') },
  });
  if (verified.status !== 200) throw new Error(`verification of ${email} answered ${verified.status}`);
  const { user } = (await verified.json()) as { user: PublicUser };
  const cookie = setCookie(verified, 'sid');
  const [cookieName = '', cookieValue = ''] = cookie.split(/=(.*)/s);

  return {
    user,
    cookie,
    async newPage(options) {
      const page = await site.newPage(options);
      await page.context().addCookies([{ name: cookieName, value: cookieValue, url: site.baseUrl }]);
      return page;
    },
    async postComment(paperId, text) {
      const response = await fetch(`${site.baseUrl}/api/comments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ paperId, text }),
      });
      if (response.status !== 201) throw new Error(`comment answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Comment;
    },
  };
}
