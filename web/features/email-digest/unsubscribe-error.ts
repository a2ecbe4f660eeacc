import { DIGEST_ERRORS } from '../../../common/digest-rules.js';
import { ApiRequestError } from '../../lib/api-client.js';

/** The text key (under unsubscribePage) of a failed unsubscribe by a mail's link. */
export function unsubscribeErrorKey(error: unknown): 'invalid' | 'missingToken' | 'tooMany' | 'network' | 'failed' {
  if (!(error instanceof ApiRequestError) || error.status === 0) return 'network';
  if (error.code === DIGEST_ERRORS.invalidToken) return 'invalid';
  if (error.code === DIGEST_ERRORS.missingToken) return 'missingToken';
  if (error.status === 429) return 'tooMany';
  return 'failed';
}
