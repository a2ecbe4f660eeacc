import { beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './logger.js';
import { useTestApp } from './test/app.js';
import { testDatabaseKinds } from './test/databases.js';

describe('redactUrl', () => {
  it('replaces the values of token- and code-like parameters and keeps the rest as sent', () => {
    expect(redactUrl('/reset-password?token=abc.def')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/verify-email?lang=ar&token=abc&x=%20y')).toBe('/verify-email?lang=ar&token=[redacted]&x=%20y');
    expect(redactUrl('/cb?auth_code=1&resetToken=2&p%61ssword=3')).toBe(
      '/cb?auth_code=[redacted]&resetToken=[redacted]&p%61ssword=[redacted]',
    );
    expect(redactUrl('/api/papers?page=2&limit=10')).toBe('/api/papers?page=2&limit=10');
    expect(redactUrl('/api/papers')).toBe('/api/papers');
  });
});

describe.each(testDatabaseKinds)('request logs on $name', (kind) => {
  const lines: string[] = [];
  const target = useTestApp(kind, () => ({ LOG_LEVEL: 'info' }), {
    logDestination: { write: (line: string) => lines.push(line) },
  });

  beforeAll(() => {
    // A route standing in for a bug.
    target.app.get('/api/test/log-bug', async () => {
      throw new Error('the disk at /srv/site/data went away');
    });
  });

  it('record verification and reset links without their tokens', async () => {
    const secrets = ['verify-secret-1', 'reset-secret-2', 'page-secret-3', 'code-secret-4'];
    for (const url of [
      `/api/auth/verify-email?token=${secrets[0]}`,
      `/reset-password?token=${secrets[1]}`,
      `/verify-email?lang=ar&token=${secrets[2]}`,
      `/api/papers?code=${secrets[3]}`,
    ]) {
      await target.app.inject(url);
    }
    const urls = lines.map((line) => JSON.parse(line)).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/auth/verify-email?token=[redacted]',
        '/reset-password?token=[redacted]',
        '/verify-email?lang=ar&token=[redacted]',
        '/api/papers?code=[redacted]',
      ]),
    );
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
  });

  describe('with a request id', () => {
    const entriesOf = (requestId: string) =>
      lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === requestId);

    it('on every line of a request, the id its answer names', async () => {
      const response = await target.app.inject('/api/papers');
      const requestId = String(response.headers['x-request-id']);
      expect(entriesOf(requestId).map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    });

    it('on the logged failure behind a 500, whose answer names it without the stack', async () => {
      const response = await target.app.inject('/api/test/log-bug');
      expect(response.statusCode).toBe(500);
      const { requestId } = response.json();
      expect(response.headers['x-request-id']).toBe(requestId);
      expect(response.body).not.toMatch(/srv\/site|logger\.test|at /);
      const [failure] = entriesOf(requestId).filter((entry) => entry.level === 50);
      expect(failure?.msg).toBe('unhandled error');
      expect(failure?.err.message).toBe('the disk at /srv/site/data went away');
      expect(failure?.err.stack).toContain('logger.test.ts');
    });
  });
});
