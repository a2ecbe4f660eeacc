import type { RateLimit } from '../../server/http/rate-limiter.js';
import { REPORT_LIMITS } from '../../server/modules/moderation/service.js';
import { UPLOAD_LIMITS } from '../../server/modules/uploads/service.js';

/**
 * The most requests sqlmap sent to one route as one role that a per-account limit counted: 2,669 to
 * `POST /api/comments/:id/reports` as a reader in the whole scan of 2026-11-29 (186 refused with
 * 429 when its 182 readers were all at their 10 reports an hour; a duplicate report counts too).
 */
export const MOST_LIMITED_REQUESTS_MEASURED = 2669;

/** Per-account limits counted over an hour: the proxy cannot wait them out, only turn to another account. */
export const HOURLY_ACCOUNT_LIMITS: RateLimit[] = [REPORT_LIMITS.perUser, UPLOAD_LIMITS.perUser];

/**
 * Accounts the scan signs in per role: together they may send twice the measured most under the
 * tightest hourly limit, so no scan meets one. More accounts, not a switch that lifts the limits:
 * the scanned site runs as production does, where no setting turns a limit off.
 */
export const SCAN_ACCOUNTS = Math.max(
  ...HOURLY_ACCOUNT_LIMITS.map((limit) => Math.ceil((2 * MOST_LIMITED_REQUESTS_MEASURED) / limit.max)),
);
