import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ManagedUser } from '../../../common/users.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { type AccountAction, runAccountAction, userKeys } from './api.js';

interface ActionState {
  /** The action being confirmed, and on whom; null when none is. */
  asked: { action: AccountAction; user: ManagedUser } | null;
  pending: boolean;
  error: unknown;
}

const IDLE: ActionState = { asked: null, pending: false, error: null };

/**
 * Suspend, Restore, Make admin, Remove admin role and Delete account: each asked first, then run; on
 * success the lists show the account as the server answered it (a deleted one leaves them) and
 * `onDone` is told. Plain state rather than useMutation, as for verification.
 */
export function useAccountActions(onDone: (action: AccountAction, user: ManagedUser | null) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ActionState>(IDLE);

  const ask = useCallback((action: AccountAction, user: ManagedUser) => {
    setState({ asked: { action, user }, pending: false, error: null });
  }, []);
  const cancel = useCallback(() => setState(IDLE), []);

  const confirm = useCallback(
    async (suspension?: { reason: string; removeComments: boolean }) => {
      const { asked } = state;
      if (!asked) return;
      setState({ asked, pending: true, error: null });
      try {
        const updated = await runAccountAction(asked.action, asked.user.id, suspension);
        if (updated) {
          queryClient.setQueriesData<{ users: ManagedUser[] }>({ queryKey: userKeys.lists() }, (list) =>
            list ? { ...list, users: list.users.map((row) => (row.id === updated.id ? updated : row)) } : list,
          );
        } else await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
        setState(IDLE);
        onDone(asked.action, updated);
      } catch (error) {
        logUnexpected('Failed to change the account', error);
        setState({ asked, pending: false, error });
      }
    },
    [state, queryClient, onDone],
  );

  return { ...state, ask, cancel, confirm };
}
