import { ensureServerBuilt } from './built-server.js';
import { postgresTestNotice } from './postgres-requirement.js';

/** Runs once per test run, before any server test file. */
export default function setup(): void {
  ensureServerBuilt();
  const notice = postgresTestNotice(process.env);
  if (notice) console.warn(notice);
}
