import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * The proxies whose X-Forwarded-For entries are believed: none (hops 0), the nearest `hops` hops,
 * or the listed addresses and networks. Trusting every hop would let a client pick its own address.
 */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/** proxy-addr's names for whole ranges, accepted in the list beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY's value: a hop count, or a comma-separated list of proxy addresses and CIDRs. */
export function parseTrustedProxies(value: string): TrustedProxies | { problem: string } {
  if (value === 'false') return { hops: 0 };
  if (value === 'true') {
    return {
      problem:
        'true would trust every hop, so any client could choose its address; give the number of proxies in front of the server (such as 1) or their addresses (such as 10.0.0.1,10.1.0.0/16)',
    };
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (invalid.length > 0) {
    return { problem: `not a hop count nor a list of proxy addresses or CIDRs: ${invalid.join(', ')}` };
  }
  return { addresses: entries };
}

/** Fastify's trustProxy option: it ignores a number (fails closed), so a hop count becomes a function. */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if ('addresses' in trusted) return trusted.addresses;
  const { hops } = trusted;
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

/** The networks of proxy-addr's range names, as Fastify reads them in TRUST_PROXY's list. */
const RANGE_NETWORKS: Record<string, [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

const familyOf = (address: string) => (isIPv4(address) ? 'ipv4' : 'ipv6');

/**
 * Whether the one who sent a request straight to the server is a trusted proxy: with a hop count,
 * whoever connects (the server is reachable only through its proxies); with a list, an address on it.
 */
export function trustsPeer(trusted: TrustedProxies): (address: string | undefined) => boolean {
  if ('hops' in trusted) return () => trusted.hops > 0;
  const list = new BlockList();
  for (const entry of trusted.addresses) {
    const [address = '', prefix] = entry.split('/');
    const networks = RANGE_NETWORKS[entry] ?? [[address, prefix === undefined ? -1 : Number(prefix)]];
    for (const [network, bits] of networks) {
      if (bits === -1) list.addAddress(network, familyOf(network));
      else list.addSubnet(network, bits, familyOf(network));
    }
  }
  return (address) => address !== undefined && isIP(address) !== 0 && list.check(address, familyOf(address));
}

/** The eight 16-bit groups of an IPv6 address, an embedded IPv4 tail included. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (ipv4Tail) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Tail.split('.').map(Number);
    text = `${text.slice(0, -ipv4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const headGroups = parse(head);
  const tailGroups = tail === undefined ? [] : parse(tail);
  return [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}

/**
 * Who a client is for per-client limits: its IPv4 address, or the /64 network of its IPv6 address,
 * because one subscriber is usually given a whole /64 and could otherwise change address at will.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  const isMappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIPv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
