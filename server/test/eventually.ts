import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `read`'s value once `until` holds, or its last value when `withinMs` has passed: for changes
 * another connection makes, which a process learns of a moment later (PostgreSQL's NOTIFY). The
 * default leaves room for a loaded CI machine; a test of that delay itself passes its bound.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  until: (value: T) => boolean,
  withinMs = 3_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() >= deadline) return value;
    await sleep(20);
  }
}

/** Waits until `condition` holds, failing with `what` when it has not within `withinMs`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  withinMs = 20_000,
): Promise<void> {
  if (!(await eventually(async () => condition(), Boolean, withinMs))) throw new Error(`never happened: ${what}`);
}
