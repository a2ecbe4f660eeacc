import { AUTH_ERRORS, MIN_PASSWORD_LENGTH } from '../../../common/account-rules.js';
import { ApiRequestError } from '../../lib/api-client.js';
import type { TFunction } from '../../lib/i18n.js';

export type AuthTFunction = TFunction<'auth'>;

/** Which screen asked, since a few codes read differently per screen (missing_fields, invalid_token). */
export type AuthAction = 'login' | 'signup' | 'email' | 'verify' | 'reset';

/**
 * The text of a failed auth call in the reader's language: the server's own message for a stable
 * code (the English texts here are the server's), the server's message as sent for an unknown code,
 * or null when the answer carried no message (a proxy page, a network failure), so that the screen
 * shows its fallback text of SPEC §8.
 */
export function authErrorText(error: unknown, t: AuthTFunction, action: AuthAction): string | null {
  if (!(error instanceof ApiRequestError) || error.status === 0 || error.code === 'http_error') return null;
  switch (error.code) {
    case AUTH_ERRORS.invalidCredentials:
      return t('errors.invalidCredentials');
    case AUTH_ERRORS.emailNotVerified:
      return t('errors.emailNotVerified');
    case AUTH_ERRORS.invalidEmail:
      return t('errors.invalidEmail');
    case AUTH_ERRORS.unverifiedByAdmin:
      return t('errors.unverifiedByAdmin');
    case AUTH_ERRORS.accountSuspended:
      return t('errors.accountSuspended');
    case AUTH_ERRORS.weakPassword:
      return t('errors.weakPassword', { min: MIN_PASSWORD_LENGTH });
    case 'rate_limited':
      return t('errors.rateLimited');
    case AUTH_ERRORS.missingFields:
      if (action === 'login') return t('errors.loginRequired');
      if (action === 'email') return t('errors.emailRequired');
      return t('errors.allFieldsRequired');
    case AUTH_ERRORS.missingToken:
      return action === 'verify' ? t('verify.missingToken') : t('reset.missingToken');
    case AUTH_ERRORS.invalidToken:
      return action === 'verify' ? t('verify.invalidToken') : t('reset.invalidToken');
    default:
      return error.message || null;
  }
}

/** True when the server was not reached at all. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status === 0;
}
