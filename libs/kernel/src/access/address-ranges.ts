import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { remembered } from '../shared/remembered';

/** A CIDR range (`203.0.113.0/24`, `2001:db8::/32`) or a single address; null when malformed. */
export function parseAddressRange(value: unknown): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const slash = value.indexOf('/');
  const address = slash === -1 ? value : value.slice(0, slash);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (slash === -1) return { address, prefix: max, family };
  const bits = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { address, prefix: Number(bits), family };
}

/** Addresses whose answer a key's matcher remembers. */
const REMEMBERED_ADDRESSES = 1024;

/**
 * Whether an address falls in one of the ranges. Built once per key and kept with it, so each
 * request's check is a remembered answer, or BlockList's look-up. An IPv4 caller seen through an
 * IPv6 socket (`::ffff:127.0.0.1`) is matched as the IPv4 address it is.
 */
export function addressMatcher(ranges: readonly string[]): ((ip: string | undefined) => boolean) | null {
  if (ranges.length === 0) return null;
  const list = new BlockList();
  for (const range of ranges) {
    const parsed = parseAddressRange(range);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  const check = (ip: string) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1] : ip;
    if (isIPv4(address)) return list.check(address, 'ipv4');
    if (isIPv6(address)) return list.check(address, 'ipv6');
    return false;
  };
  // A key calls from a handful of addresses: each answer is remembered (BlockList.check costs
  // microseconds on every request otherwise).
  const allowed = remembered(REMEMBERED_ADDRESSES, check);
  return (ip) => (ip ? allowed(ip) : false);
}
