import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { trustsPeer } from './client-address.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NGINX_ID = '7f3c2a9b0e1d4c5f8a6b9c0d1e2f3a4b';

describe('trustsPeer', () => {
  it('trusts whoever connects behind a hop count, and nobody without proxies', () => {
    expect(trustsPeer({ hops: 1 })('203.0.113.9')).toBe(true);
    expect(trustsPeer({ hops: 0 })('127.0.0.1')).toBe(false);
  });

  it('trusts the listed addresses, networks and named ranges, in either IP version', () => {
    const trusts = trustsPeer({ addresses: ['10.0.0.1', '10.1.0.0/16', '2001:db8::/32', 'loopback'] });
    for (const address of ['10.0.0.1', '10.1.200.3', '::ffff:10.1.0.9', '2001:db8::5', '127.0.0.1', '::1']) {
      expect(trusts(address), address).toBe(true);
    }
    for (const address of ['10.0.0.2', '10.2.0.1', '2001:db9::1', '192.168.1.1', undefined, 'nonsense']) {
      expect(trusts(address), String(address)).toBe(false);
    }
  });
});

describe.each(testDatabaseKinds)('request ids on $name', (kind) => {
  describe('without a trusted proxy', () => {
    const target = useTestApp(kind);

    it('name every answer with a fresh id: pages, files, API answers and errors', async () => {
      const ids = [];
      for (const url of ['/', '/assets/main-abc123.js', '/api/health/live', '/api/papers/0', '/api/nope']) {
        const response = await target.app.inject(url);
        const id = String(response.headers['x-request-id']);
        expect(id, url).toMatch(UUID);
        if (response.statusCode >= 400) expect(response.json().requestId, url).toBe(id);
        ids.push(id);
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('name an answer refused by an early hook (another site’s Origin)', async () => {
      const response = await target.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().requestId).toBe(response.headers['x-request-id']);
    });

    it('ignore an X-Request-Id a client sends', async () => {
      const response = await target.app.inject({ url: '/api/nope', headers: { 'x-request-id': NGINX_ID } });
      expect(response.headers['x-request-id']).toMatch(UUID);
      expect(response.json().requestId).toBe(response.headers['x-request-id']);
    });
  });

  describe('behind a proxy at a listed address', () => {
    const target = useTestApp(kind, () => ({ TRUST_PROXY: '10.0.0.1' }));
    const send = (remoteAddress: string, id: string) =>
      target.app.inject({ url: '/api/nope', remoteAddress, headers: { 'x-request-id': id } });

    it('keep the id the proxy passes on, in the header and the error answer', async () => {
      const response = await send('10.0.0.1', NGINX_ID);
      expect(response.headers['x-request-id']).toBe(NGINX_ID);
      expect(response.json().requestId).toBe(NGINX_ID);
    });

    it('make their own when another sender passes one, or the proxy passes one unfit for a log', async () => {
      for (const [address, id] of [
        ['10.0.0.2', NGINX_ID],
        ['10.0.0.1', 'two words'],
        ['10.0.0.1', 'x'.repeat(129)],
        ['10.0.0.1', '{"forged":1}'],
      ] as const) {
        expect((await send(address, id)).headers['x-request-id'], `${address} ${id}`).toMatch(UUID);
      }
    });
  });
});
