import { queryOptions } from '@tanstack/react-query';
import type { PublicUser, UserList } from '../../../common/users.js';
import { apiGet, apiSend } from '../../lib/api-client.js';

export type VerifiedFilter = 'all' | 'verified' | 'unverified';

export interface UserListParams {
  page: number;
  limit: number;
  verified: VerifiedFilter;
}

/** Query keys of user administration, owned here so that updates and invalidation agree. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
};

export function userListQueryOptions(params: UserListParams) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.verified !== 'all') search.set('verified', String(params.verified === 'verified'));
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => apiGet<UserList>(`/users?${search}`, signal),
    // Accounts change under an admin's eyes (sign-ups, other admins): always ask again.
    staleTime: 0,
  });
}

/** PATCH /users/{id}/verify or /unverify: answers the updated user. */
export function setUserVerified(id: number, verified: boolean): Promise<PublicUser> {
  return apiSend<PublicUser>('PATCH', `/users/${id}/${verified ? 'verify' : 'unverify'}`);
}
