import type { VerifyAnswer } from '../../../common/auth.js';
import { apiSend } from '../../lib/api-client.js';
import { accountApi, type Message } from './account-api.js';

const requests = new Map<string, Promise<VerifyAnswer>>();

/**
 * A verification token works once, so the page asks once per token even when React runs its
 * effects twice (Strict Mode) or the page is mounted again; a failed attempt may be retried.
 */
export function verifyEmailOnce(token: string, verify = accountApi.verifyEmail): Promise<VerifyAnswer> {
  let request = requests.get(token);
  if (!request) {
    request = verify(token);
    requests.set(token, request);
    request.catch(() => requests.delete(token));
  }
  return request;
}

/**
 * Verifies with a new password, which replaces the sign-up's: the way in outside the browser that
 * signed up. Here rather than in accountApi, so that only the verify page loads it.
 */
export const verifyWithPassword = (body: { token: string; newPassword: string }) =>
  apiSend<Message>('POST', '/auth/verify-email', body);
