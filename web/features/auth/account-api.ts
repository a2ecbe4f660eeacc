import type { Locale } from '../../../common/account-rules.js';
import type { VerifyAnswer } from '../../../common/auth.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

export interface Message {
  message: string;
}

/** The calls of the account screens (sign-up, verification, password reset), loaded with them. */
export const accountApi = {
  signup: (body: { name: string; email: string; password: string; locale: Locale }) =>
    apiSend<Message>('POST', '/auth/signup', body),
  verifyEmail: (token: string) => apiGet<VerifyAnswer>(`/auth/verify-email?${new URLSearchParams({ token })}`),
  forgotPassword: (body: { email: string; locale: Locale }) => apiSend<Message>('POST', '/auth/forgot-password', body),
  resendVerification: (body: { email: string; locale: Locale }) =>
    apiSend<Message>('POST', '/auth/resend-verification', body),
  resetPassword: (body: { token: string; newPassword: string }) =>
    apiSend<Message>('POST', '/auth/reset-password', body),
};
