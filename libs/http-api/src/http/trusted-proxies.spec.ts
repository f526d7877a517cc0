import Fastify from 'fastify';
import { trustedProxies } from './trusted-proxies';

/** The client address Fastify derives for a request from 127.0.0.1 with this X-Forwarded-For. */
async function clientAddress(setting: boolean | number | string[], forwardedFor: string): Promise<string> {
  const app = Fastify({ trustProxy: trustedProxies(setting) });
  app.get('/', async (request) => ({ ip: request.ip }));
  try {
    const reply = await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
    return reply.json<{ ip: string }>().ip;
  } finally {
    await app.close();
  }
}

describe('trustedProxies (TRUST_PROXY)', () => {
  it('a hop count trusts that many nearest hops: the address before them is the client', async () => {
    await expect(clientAddress(1, '203.0.113.7, 10.0.0.2')).resolves.toBe('10.0.0.2');
    await expect(clientAddress(2, '203.0.113.7, 10.0.0.2')).resolves.toBe('203.0.113.7');
  });

  it('false trusts no forwarding header; addresses trust only those proxies', async () => {
    await expect(clientAddress(false, '203.0.113.7')).resolves.toBe('127.0.0.1');
    await expect(clientAddress(['127.0.0.1'], '203.0.113.7')).resolves.toBe('203.0.113.7');
    await expect(clientAddress(['10.0.0.0/8'], '203.0.113.7')).resolves.toBe('127.0.0.1');
  });
});
