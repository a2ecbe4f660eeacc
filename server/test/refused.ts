import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DbHandle } from '../db/connect.js';
import { databaseState } from './database-state.js';

/** Rate-limit counts change on every request, refused or not. */
const COUNTERS = ['rate_limits'];

/**
 * Sends a request that must be refused with `status` and the error code `error`, and checks that no
 * table but the rate-limit counts changed. Answers the response.
 */
export async function expectRefused(
  handle: DbHandle,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  error: string,
): Promise<LightMyRequestResponse> {
  const before = await databaseState(handle, COUNTERS);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error).toBe(error);
  expect(await databaseState(handle, COUNTERS)).toEqual(before);
  return response;
}
