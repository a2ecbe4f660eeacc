import { describe, expect, it } from 'vitest';
import { REPORT_LIMITS } from '../../server/modules/moderation/service.js';
import { HOURLY_ACCOUNT_LIMITS, MOST_LIMITED_REQUESTS_MEASURED, SCAN_ACCOUNTS } from './accounts.js';

describe('the accounts the security scan signs in', () => {
  it('can together report a comment as often as sqlmap asked to, twice over, within the hour', () => {
    expect(SCAN_ACCOUNTS * REPORT_LIMITS.perUser.max).toBeGreaterThanOrEqual(2 * MOST_LIMITED_REQUESTS_MEASURED);
  });

  it('stay under every per-account limit counted over an hour, not only the reports’', () => {
    for (const limit of HOURLY_ACCOUNT_LIMITS) {
      expect(limit.windowMs).toBe(60 * 60 * 1000);
      expect(SCAN_ACCOUNTS * limit.max).toBeGreaterThanOrEqual(2 * MOST_LIMITED_REQUESTS_MEASURED);
    }
  });
});
