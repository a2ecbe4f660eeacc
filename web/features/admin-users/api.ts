import { queryOptions } from '@tanstack/react-query';
import type { ManagedUser, UserList } from '../../../common/users.js';
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
export function setUserVerified(id: number, verified: boolean): Promise<ManagedUser> {
  return apiSend<ManagedUser>('PATCH', `/users/${id}/${verified ? 'verify' : 'unverify'}`);
}

/** What an administrator does to an account from its details, beside Verify and Unverify. */
export type AccountAction = 'suspend' | 'restore' | 'promote' | 'demote' | 'delete';

/**
 * Runs an account action: answers the account as it now is, or null once it is deleted.
 * `suspension` holds the suspension's reason and whether its comments go too.
 */
export async function runAccountAction(
  action: AccountAction,
  id: number,
  suspension: { reason: string; removeComments: boolean } = { reason: '', removeComments: false },
): Promise<ManagedUser | null> {
  switch (action) {
    case 'suspend':
      return apiSend<ManagedUser>('POST', `/admin/users/${id}/suspend`, suspension);
    case 'restore':
      return apiSend<ManagedUser>('POST', `/admin/users/${id}/restore`);
    case 'promote':
    case 'demote':
      return apiSend<ManagedUser>('PATCH', `/admin/users/${id}/role`, {
        role: action === 'promote' ? 'admin' : 'user',
      });
    case 'delete':
      await apiSend('DELETE', `/admin/users/${id}`);
      return null;
  }
}
