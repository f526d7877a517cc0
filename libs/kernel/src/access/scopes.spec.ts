import { addressMatcher, parseAddressRange } from './address-ranges';
import { effectiveScopes, firstUngrantable, isKnownScope, satisfies } from './scopes';

describe('scopes', () => {
  it('knows read and write of every resource and *, nothing else', () => {
    expect(['shipments:read', 'audit:write', '*'].every(isKnownScope)).toBe(true);
    expect(['shipments:delete', 'shipments', 'read', '', 'SHIPMENTS:READ', null].some(isKnownScope)).toBe(false);
  });

  it('lets write imply read, and * everything', () => {
    const writer = effectiveScopes(['webhooks:write']);
    expect(satisfies(writer, 'webhooks:read')).toBe(true);
    expect(satisfies(writer, 'webhooks:write')).toBe(true);
    expect(satisfies(effectiveScopes(['webhooks:read']), 'webhooks:write')).toBe(false);
    expect(satisfies(effectiveScopes(['*']), 'billing:write')).toBe(true);
    expect(satisfies(effectiveScopes([]), 'billing:read')).toBe(false);
  });

  it('names the first requested scope a grantor does not hold', () => {
    expect(firstUngrantable(['keys:write', 'shipments:read'], ['shipments:read', 'keys:read'])).toBeNull();
    expect(firstUngrantable(['keys:write', 'shipments:read'], ['keys:read', 'shipments:write'])).toBe('shipments:write');
    expect(firstUngrantable(['keys:write'], ['*'])).toBe('*');
    expect(firstUngrantable(['*'], ['*', 'audit:write'])).toBeNull();
  });
});

describe('address ranges', () => {
  it('parses IPv4 and IPv6 addresses and CIDR ranges, and refuses the malformed', () => {
    expect(parseAddressRange('203.0.113.0/24')).toEqual({ address: '203.0.113.0', prefix: 24, family: 'ipv4' });
    expect(parseAddressRange('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    expect(parseAddressRange('127.0.0.1')).toEqual({ address: '127.0.0.1', prefix: 32, family: 'ipv4' });
    for (const bad of ['10.0.0.0/33', '300.1.1.1', '::1/129', '10.0.0.0/', '10.0.0.0/1a', 'localhost', '', 42]) {
      expect([bad, parseAddressRange(bad)]).toEqual([bad, null]);
    }
  });

  it('matches addresses, IPv4 seen through an IPv6 socket included', () => {
    const allowed = addressMatcher(['127.0.0.1/32', '10.0.0.0/8', '2001:db8::/32'])!;
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('10.200.3.4')).toBe(true);
    expect(allowed('2001:db8:1::5')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
    expect(allowed('2001:db9::1')).toBe(false);
    expect(allowed(undefined)).toBe(false);
    expect(addressMatcher([])).toBeNull();
  });
});
