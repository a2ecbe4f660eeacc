import { postgresTestNotice } from './postgres-requirement.js';

/** Runs once per test run, before any server test file. */
export default function setup(): void {
  const notice = postgresTestNotice(process.env);
  if (notice) console.warn(notice);
}
