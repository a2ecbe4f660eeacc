import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { clientKey } from './client-address.js';

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2:0:0:198.51.100.1', '2001:db8:1:2::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('trusts no proxy by default or when false', () => {
    expect(trustProxy()).toEqual({ hops: 0 });
    expect(trustProxy('false')).toEqual({ hops: 0 });
  });

  it('takes a hop count or a list of proxy addresses and networks', () => {
    expect(trustProxy('2')).toEqual({ hops: 2 });
    expect(trustProxy('10.0.0.1, 10.1.0.0/16,2001:db8::/32,loopback')).toEqual({
      addresses: ['10.0.0.1', '10.1.0.0/16', '2001:db8::/32', 'loopback'],
    });
  });

  it('refuses true, which would trust every hop, and says what to write instead', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY: true would trust every hop, so any client could choose its address; give the number of proxies in front of the server (such as 1) or their addresses (such as 10.0.0.1,10.1.0.0/16)',
    ]);
  });

  it('names the entries that are neither addresses nor networks', () => {
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1,proxy.local,10.0.0.0/33' })).toEqual([
      'TRUST_PROXY: not a hop count nor a list of proxy addresses or CIDRs: proxy.local, 10.0.0.0/33',
    ]);
  });

  it('takes a redis:// REDIS_URL and refuses other schemes', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(problemsOf({ REDIS_URL: 'http://127.0.0.1:6379' })).toEqual([
      'REDIS_URL: must start with redis:// or rediss://',
    ]);
  });
});
