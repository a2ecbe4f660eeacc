import type { ScreenModule } from './router.js';

/**
 * The admin screens' modules. Listed in a chunk of their own, loaded with the first admin route:
 * the list of what each screen needs is long, and the public pages' entry should not carry it.
 */
export const adminScreens = import.meta.glob<ScreenModule>(['./routes/admin-*.tsx', '!./routes/*.test.tsx']);
