import type { PublicUser } from '../../../../common/users.js';
import { userInitials } from '../initials.js';

/** Classes of the round account button, the same before and after the menu's code has loaded. */
export const AVATAR_TRIGGER_CLASS =
  'grid size-9 shrink-0 place-items-center rounded-full bg-indigo-700 text-sm font-semibold text-white hover:bg-indigo-800 data-[state=open]:ring-2 data-[state=open]:ring-indigo-300';

export function AvatarInitials({ user }: { user: Pick<PublicUser, 'name' | 'email'> }) {
  return <span aria-hidden="true">{userInitials(user)}</span>;
}
