import type { AppConfig } from '@lgw/platform';

export type TrustedProxies = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. A hop count is passed as the rule it has always
 * meant here (the nearest `hops` addresses of the forwarding chain are proxies, the next one the
 * client): Fastify now treats a bare number as trusting no one, which would silently turn every
 * key's allowed_ips and the audit trail's addresses into the proxy's. Addresses and ranges are the
 * safer setting where the gateway can be reached other than through its proxies (README).
 */
export function trustedProxies(setting: AppConfig['trustProxy']): TrustedProxies {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
