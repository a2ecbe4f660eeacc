/** The commands of `npm run admin`; each change one of them makes is recorded in the audit log. */
export const ADMIN_COMMANDS = ['create-admin', 'promote', 'demote', 'delete-account'] as const;
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];

export const isAdminCommand = (name: string): name is AdminCommand =>
  (ADMIN_COMMANDS as readonly string[]).includes(name);
