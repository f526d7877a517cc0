import { CarrierPort, validateConnectionCredentials, credentialApiName } from '@lgw/carrier-access';
import { CARRIER_CATALOGUE } from './carrier-catalogue';
import { createCarrierRegistry } from './carrier-registry';
import { CARRIERS } from './carriers.registry';
import { carrierContext, CarrierDefinition, connectionSchemaOf } from '../shared/carrier-definition';
import { carrierEnvName, resolveCarrierEndpoint } from '../shared/carrier-settings';
import { resolveSahmSettings } from '../sahm/sahm.settings';
import { resolveDarbSettings } from '../darb/darb.settings';

describe('carrier registry', () => {
  it('has an adapter for every carrier in the catalogue', async () => {
    const registry = createCarrierRegistry({ env: {} });
    expect([...registry.codes].sort()).toEqual(CARRIER_CATALOGUE.map((c) => c.code).sort());
    for (const code of registry.codes) expect(registry.get(code)?.code).toBe(code);
    expect(registry.get('nope')).toBeUndefined();
    await registry.close();
  });

  it('adds a carrier through its definition', () => {
    const fake = { code: 'fourth' } as CarrierPort;
    const entries: CarrierDefinition[] = [
      { ...CARRIERS[0], descriptor: { ...CARRIERS[0].descriptor, code: 'fourth' }, create: () => fake },
    ];
    expect(createCarrierRegistry({}, entries).get('fourth')).toBe(fake);
    expect(() => createCarrierRegistry({}, [...entries, ...entries])).toThrow(/registered twice/);
  });
});

describe('carrier connections', () => {
  it.each(CARRIERS.map((c) => [c.descriptor.code, c] as const))(
    '%s declares a credentials schema over exactly its credentials, which its sandbox values meet',
    (_code, carrier) => {
      const schema = connectionSchemaOf(carrier);
      expect(Object.keys(schema.fields).sort()).toEqual(Object.keys(carrier.settings.credentials).sort());
      const sandbox = Object.fromEntries(
        Object.entries(carrier.settings.credentials).map(([name, value]) => [credentialApiName(name), value]),
      );
      expect(validateConnectionCredentials(schema, sandbox).credentials).toEqual(carrier.settings.credentials);
      for (const field of Object.values(schema.fields)) expect(field.label_ar).toMatch(/[\u0600-\u06FF]/);
    },
  );

  it('builds one adapter per account, with that account’s credentials, and moves the platform’s adapter', async () => {
    const seen: Array<Readonly<Record<string, string>> | undefined> = [];
    const entries: CarrierDefinition[] = [
      { ...CARRIERS[0], create: (context) => (seen.push(context.credentials), { code: CARRIERS[0].descriptor.code }) as CarrierPort },
    ];
    const code = CARRIERS[0].descriptor.code;
    const registry = createCarrierRegistry({ platformCredentials: { [code]: { apiToken: 'platform' } } }, entries);
    const platform = registry.get(code);
    const own = registry.connect(code, { apiToken: 'own' });
    expect(registry.connect(code, { apiToken: 'own' })).toBe(own);
    expect(registry.connect(code, { apiToken: 'other' })).not.toBe(own);
    expect(registry.connect('nope', { apiToken: 'own' })).toBeUndefined();
    expect(seen).toEqual([{ apiToken: 'platform' }, { apiToken: 'own' }, { apiToken: 'other' }]);
    registry.usePlatformCredentials(code, { apiToken: 'rotated' });
    expect(registry.get(code)).not.toBe(platform);
    expect(seen.at(-1)).toEqual({ apiToken: 'rotated' });
    await registry.close();
  });

  it('reads a connection’s credentials over the environment', () => {
    const env = { SAHM_API_TOKEN: 'from-env' };
    expect(resolveSahmSettings({}, { env, credentials: { apiToken: 'from-connection' } }).apiToken).toBe('from-connection');
    expect(resolveSahmSettings({}, { env }).apiToken).toBe('from-env');
  });
});

describe('carrier settings', () => {
  it('derive environment variable names from the carrier code', () => {
    expect(carrierEnvName('sahm', 'apiToken')).toBe('SAHM_API_TOKEN');
    expect(carrierEnvName('darb', 'rangeSize')).toBe('DARB_RANGE_SIZE');
    expect(carrierEnvName('new_co', 'baseUrl')).toBe('NEW_CO_BASE_URL');
    expect(resolveDarbSettings({}, { env: { DARB_RANGE_SIZE: '7', DARB_API_KEY: 'k' } })).toMatchObject({ rangeSize: 7, apiKey: 'k' });
  });

  it('default to the local sandbox on SANDBOX_PORT', () => {
    expect(resolveSahmSettings({}, { env: {} }).baseUrl).toBe('http://127.0.0.1:3100/sahm');
    expect(resolveSahmSettings({}, { env: { SANDBOX_PORT: '4100' } }).baseUrl).toBe('http://127.0.0.1:4100/sahm');
  });

  it('prefer explicit values, then a given sandbox URL, then the environment', () => {
    const env = { SAHM_BASE_URL: 'https://sahm.example/api', SAHM_API_TOKEN: 'from-env', CARRIER_TIMEOUT_MS: '2500' };
    expect(resolveSahmSettings({}, { env })).toMatchObject({ baseUrl: 'https://sahm.example/api', apiToken: 'from-env' });
    expect(resolveSahmSettings({}, { env }).resilience.timeoutMs).toBe(2500);
    expect(resolveSahmSettings({}, { env, sandboxUrl: 'http://127.0.0.1:5555/' }).baseUrl).toBe('http://127.0.0.1:5555/sahm');
    expect(resolveSahmSettings({ baseUrl: 'http://x/sahm' }, { env, sandboxUrl: 'http://y' }).baseUrl).toBe('http://x/sahm');
    expect(resolveSahmSettings({ resilience: { timeoutMs: 10 } }, { env, resilience: { timeoutMs: 20 } }).resilience.timeoutMs).toBe(10);
  });

  it("take a carrier's own <CODE>_* protection over CARRIER_*, for that carrier only", () => {
    const env = { CARRIER_TIMEOUT_MS: '5000', SAHM_TIMEOUT_MS: '800', SAHM_BREAKER_THRESHOLD: '9', DARB_RETRY_ATTEMPTS: '0' };
    expect(resolveSahmSettings({}, { env }).resilience).toMatchObject({ timeoutMs: 800, breakerThreshold: 9, retryAttempts: 2 });
    expect(resolveDarbSettings({}, { env }).resilience).toMatchObject({ timeoutMs: 5000, breakerThreshold: 5, retryAttempts: 0 });
    expect(resolveSahmSettings({}, { env, resilience: { timeoutMs: 20 } }).resilience.timeoutMs).toBe(20);
    expect(() => resolveSahmSettings({}, { env: { SAHM_TIMEOUT_MS: 'soon' } })).toThrow(/SAHM_TIMEOUT_MS/);
  });

  it('send a carrier to its declared live API under CARRIER_ENDPOINTS=live, unless <CODE>_BASE_URL says otherwise', () => {
    const live = { liveBaseUrl: 'https://api.sahm.example/v2' };
    expect(resolveSahmSettings({}, { env: { CARRIER_ENDPOINTS: 'live' }, ...live }).baseUrl).toBe('https://api.sahm.example/v2');
    const overridden = { CARRIER_ENDPOINTS: 'live', SAHM_BASE_URL: 'https://eu.sahm.example' };
    expect(resolveSahmSettings({}, { env: overridden, ...live }).baseUrl).toBe('https://eu.sahm.example');
    // sandbox (the default): SANDBOX_URL, else the local sandbox; a given sandbox URL wins over all.
    expect(resolveSahmSettings({}, { env: { SANDBOX_URL: 'http://sb:3100/' }, ...live }).baseUrl).toBe('http://sb:3100/sahm');
    expect(resolveSahmSettings({}, { env: { CARRIER_ENDPOINTS: 'live' }, sandboxUrl: 'http://t:1', ...live }).baseUrl).toBe(
      'http://t:1/sahm',
    );
    expect(() => resolveSahmSettings({}, { env: { CARRIER_ENDPOINTS: 'live' } })).toThrow(/declares no live API; set SAHM_BASE_URL/);
    expect(() => resolveSahmSettings({}, { env: { CARRIER_ENDPOINTS: 'production' } })).toThrow(/CARRIER_ENDPOINTS/);
  });

  it('refuse nonsense numbers', () => {
    expect(() => resolveDarbSettings({}, { env: { CARRIER_TIMEOUT_MS: 'soon' } })).toThrow(/CARRIER_TIMEOUT_MS/);
    expect(() => resolveDarbSettings({}, { env: { CARRIER_TIMEOUT_MS: '0' } })).toThrow(/timeoutMs/);
  });
});

// Every registered carrier declares where its live API is; the registry hands it to its settings.
describe.each(CARRIERS.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s live endpoint', (code, carrier) => {
  it('is declared over https and reached under CARRIER_ENDPOINTS=live', () => {
    expect(new URL(carrier.settings.liveBaseUrl).protocol).toBe('https:');
    const context = carrierContext(carrier, { env: { CARRIER_ENDPOINTS: 'live' } });
    expect(resolveCarrierEndpoint(code, {}, context).baseUrl).toBe(carrier.settings.liveBaseUrl);
  });
});
