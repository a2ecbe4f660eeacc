import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ManagedUser, UserList } from '../../../common/users.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { setUserVerified, userKeys } from './api.js';

interface VerificationState {
  /** The id of the user whose request is running. */
  pendingId: number | null;
  error: unknown;
}

/**
 * Verify User / Unverify User. On success every cached page that lists the user shows the user the
 * server answered (SPEC §4); a failure is logged as 'Failed to verify user' and kept for the modal.
 * Plain state rather than useMutation: its code would land in the framework chunk every page loads.
 */
export function useUserVerification(onUpdated: (user: ManagedUser) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<VerificationState>({ pendingId: null, error: null });

  const toggle = useCallback(
    async (user: ManagedUser) => {
      setState({ pendingId: user.id, error: null });
      try {
        const updated = await setUserVerified(user.id, !user.isVerified);
        queryClient.setQueriesData<UserList>({ queryKey: userKeys.lists() }, (list) =>
          list ? { ...list, users: list.users.map((row) => (row.id === updated.id ? updated : row)) } : list,
        );
        onUpdated(updated);
        setState({ pendingId: null, error: null });
      } catch (error) {
        logUnexpected('Failed to verify user', error);
        setState({ pendingId: null, error });
      }
    },
    [queryClient, onUpdated],
  );

  const reset = useCallback(() => setState({ pendingId: null, error: null }), []);
  return { ...state, isPending: state.pendingId !== null, toggle, reset };
}
