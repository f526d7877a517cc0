import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Address ranges a webhook may never reach: loopback, private, link-local (cloud metadata at
 * 169.254.169.254 included), CGNAT, benchmarking, documentation, multicast, reserved and
 * unspecified, for IPv4 and IPv6. IPv4-mapped and IPv4-compatible IPv6 addresses are judged
 * by the IPv4 address they carry.
 */
const REFUSED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address through a translator
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local (fd00:ec2::254, the IPv6 metadata address, is in here)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  REFUSED.addSubnet(net, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address as numbers (handles `::` and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) carries, if it is one. */
function mappedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return null;
  return `${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`;
}

/** True when the literal address may be a webhook target. Anything not an IP address is refused. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return !REFUSED.check(bare, 'ipv4');
  if (!isIPv6(bare)) return false;
  const v4 = mappedIpv4(bare);
  if (v4 !== null) return !REFUSED.check(v4, 'ipv4');
  return !REFUSED.check(bare, 'ipv6');
}
