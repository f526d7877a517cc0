import { CARRIERS, connectionSchemaOf } from '@lgw/carriers';
import { CarrierCredentialSchema, credentialApiName } from '@lgw/carrier-access';
import { DUBAI, ratesBody } from './fixtures';
import { TestApp } from './test-app';

/** A merchant account the sandbox's simulated carrier opened: its id there and its credentials (setting names). */
export interface SandboxAccount {
  readonly account_id: string;
  readonly credentials: Record<string, string>;
}

/** Opens an account at the simulated carrier, credentials generated to the carrier's declared schema. */
export async function openSandboxAccount(t: TestApp, code: string, sandboxUrl = t.sandboxUrl): Promise<SandboxAccount> {
  const res = await fetch(`${sandboxUrl}/sandbox/v1/carriers/${code}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 201) throw new Error(`sandbox account for ${code}: ${res.status} ${await res.text()}`);
  return (await res.json()) as SandboxAccount;
}

/** Credentials as the API takes them: snake_case names (apiToken → api_token). */
export function apiCredentials(credentials: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(credentials).map(([name, value]) => [credentialApiName(name), value]));
}

export function schemaOf(code: string): CarrierCredentialSchema {
  return connectionSchemaOf(CARRIERS.find((c) => c.descriptor.code === code)!);
}

/**
 * A lane the carrier serves from Riyadh, and one of its service levels on it: domestic when it
 * has one, else to Dubai (GCC). Built from what the carrier declares, never from its code.
 */
export function laneOf(code: string): { body: Record<string, unknown>; service: string } {
  const carrier = CARRIERS.find((c) => c.descriptor.code === code)!.descriptor;
  const covers = (country: string) => carrier.coverage_countries.includes(country);
  const domestic = carrier.service_levels.find((l) => l.lanes.includes('domestic'));
  if (domestic && covers('SA')) return { body: ratesBody(), service: domestic.code };
  const gcc = carrier.service_levels.find((l) => l.lanes.includes('gcc'));
  if (gcc && covers('SA') && covers('AE')) return { body: ratesBody({ destination: DUBAI }), service: gcc.code };
  throw new Error(`carrier ${code} serves neither Riyadh–Jeddah nor Riyadh–Dubai: give the suite a lane for it`);
}

/** A contract rate card with one flat band: its quote is recognisable by the band label and base. */
export function contractCard(code: string, service: string, baseHalalas = 1234): Record<string, unknown> {
  return {
    service_code: service,
    carrier_code: code,
    currency: 'SAR',
    volumetric_divisor: 5000,
    fuel_surcharge_percent: '0',
    weight_bands: [{ label: 'contract', up_to_kg: null, base_halalas: baseHalalas, per_kg_halalas: 0 }],
  };
}
