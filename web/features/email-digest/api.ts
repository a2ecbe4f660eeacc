import { queryOptions, skipToken } from '@tanstack/react-query';
import type { DigestSettings, DigestSubscription } from '../../../common/digest-subscription.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

/** Query keys of the email digest, keyed by reader so one reader's settings never show to another. */
export const digestKeys = {
  all: ['digest-subscription'] as const,
  of: (readerId: number | null) => [...digestKeys.all, readerId] as const,
};

/** GET /digest-subscription: the reader's digest and the categories that can be followed. */
export function digestSubscriptionQueryOptions(readerId: number | null) {
  return queryOptions({
    queryKey: digestKeys.of(readerId),
    queryFn: readerId === null ? skipToken : ({ signal }) => apiGet<DigestSubscription>('/digest-subscription', signal),
  });
}

/** PUT /digest-subscription: follows exactly these categories (none unsubscribes). */
export const saveDigestSettings = (settings: DigestSettings) =>
  apiSend<DigestSubscription>('PUT', '/digest-subscription', settings);

/** DELETE /digest-subscription. */
export const deleteDigestSubscription = () => apiSend<DigestSubscription>('DELETE', '/digest-subscription');

/** POST /digest-subscription/unsubscribe: by the token of a mail's link, without signing in. */
export const unsubscribeByToken = (token: string) =>
  apiSend<{ message: string }>('POST', '/digest-subscription/unsubscribe', { token });
