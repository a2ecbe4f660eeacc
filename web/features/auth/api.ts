import type { Locale } from '../../../common/account-rules.js';
import type { PublicUser } from '../../../common/users.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

export interface UserMessage {
  user: PublicUser;
  message: string;
}

/** The calls the header's auth store makes; the account screens' calls live in account-api.ts. */
export const sessionApi = {
  check: () => apiGet<{ user: PublicUser | null }>('/auth/check'),
  login: (body: { email: string; password: string; locale: Locale }) =>
    apiSend<UserMessage>('POST', '/auth/login', body),
  logout: () => apiSend<unknown>('POST', '/auth/logout'),
};
