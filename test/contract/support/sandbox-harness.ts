import { CarrierBookingRequest } from '@lgw/carrier-access';
import { CarrierUnavailableError } from '@lgw/kernel';
import { ResilienceSettings } from '@lgw/carriers';
import { RunningCarrierSandbox, startCarrierSandbox } from '@lgw/carrier-sandbox';

/** Small numbers so fault tests finish in well under a second each. */
export const TEST_RESILIENCE: ResilienceSettings = {
  timeoutMs: 400,
  retryAttempts: 2,
  retryBaseDelayMs: 10,
  breakerThreshold: 3,
  breakerHalfOpenMs: 300,
  bulkheadLimit: 16,
  bulkheadQueue: 16,
};

/** Margin for scheduling noise on a busy 2-core machine. */
export const TIMING_MARGIN_MS = 300;

export type FaultMode = 'none' | 'down' | 'slow' | 'error';

/** The sandbox's control API, as a test uses it. */
export class SandboxControl {
  constructor(readonly url: string) {}

  async reset(): Promise<void> {
    await this.request('POST', '/sandbox/v1/reset');
  }

  async fault(carrier: string, mode: FaultMode, latencyMs?: number): Promise<void> {
    const body = latencyMs === undefined ? { mode } : { mode, latency_ms: latencyMs };
    const res = await this.request('PUT', `/sandbox/v1/carriers/${carrier}/fault`, body);
    if (res.status !== 200) throw new Error(`fault ${mode} refused: ${res.status}`);
  }

  async event(carrier: string, trackingNumber: string, body: Record<string, unknown>): Promise<{ status: number; json: any }> {
    return this.request('POST', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}/events`, body);
  }

  /** Publishes a cash-on-delivery payout; the carrier serves it in its native style. */
  async remittance(carrier: string, body: Record<string, unknown>): Promise<{ status: number; json: any }> {
    return this.request('POST', `/sandbox/v1/carriers/${carrier}/remittances`, body);
  }

  async pickups(carrier: string): Promise<any[]> {
    return (await this.request('GET', `/sandbox/v1/carriers/${carrier}/pickups`)).json.pickups;
  }

  async shipment(carrier: string, trackingNumber: string): Promise<any> {
    return (await this.request('GET', `/sandbox/v1/carriers/${carrier}/shipments/${trackingNumber}`)).json;
  }

  async shipments(carrier: string, query: Record<string, string> = {}): Promise<{ shipments: any[]; total: number }> {
    return (await this.request('GET', `/sandbox/v1/carriers/${carrier}/shipments?${new URLSearchParams(query)}`)).json;
  }

  async stats(carrier: string): Promise<{ native_requests: number; bookings: number; passthrough_requests: number }> {
    return (await this.request('GET', `/sandbox/v1/carriers/${carrier}/stats`)).json;
  }

  async passthroughRequests(carrier: string): Promise<{ credentials_ok: boolean; body_base64: string; content_type: string }[]> {
    return (await this.request('GET', `/sandbox/v1/carriers/${carrier}/passthrough-requests`)).json.requests;
  }

  private async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  }
}

export async function startTestSandbox(): Promise<{ sandbox: RunningCarrierSandbox; control: SandboxControl }> {
  const sandbox = await startCarrierSandbox({ port: 0, host: '127.0.0.1', autoAdvanceSeconds: 0 });
  return { sandbox, control: new SandboxControl(sandbox.url) };
}

let counter = 0;

export function bookingRequest(serviceCode: string, overrides: Partial<CarrierBookingRequest> = {}): CarrierBookingRequest {
  counter++;
  return {
    shipmentId: `shp_contract_${Date.now().toString(36)}_${counter}`,
    serviceCode,
    origin: {
      name: 'Matjar Store',
      line1: 'King Fahd Rd 12',
      city: 'Riyadh',
      country: 'SA',
      short_address: 'RRRD2929',
      phone: '966501234567',
    },
    destination: {
      name: 'نورة العتيبي',
      city: 'Jeddah',
      region: 'Makkah',
      country: 'SA',
      postal_code: '23442',
      additional_number: '7788',
      phone: '966551112233',
    },
    parcels: [
      { weight_kg: 1.005, length_cm: 30, width_cm: 20, height_cm: 10 },
      { weight_kg: 0.2, length_cm: 10, width_cm: 10, height_cm: 5 },
    ],
    declaredValueHalalas: 15050,
    codAmountHalalas: 9900,
    reference: `ORDER-${counter}`,
    ...overrides,
  };
}

/** Runs `call`, expects CarrierUnavailableError, returns how long it took. */
export async function unavailableAfter(call: () => Promise<unknown>): Promise<{ elapsedMs: number; error: CarrierUnavailableError }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    const elapsedMs = performance.now() - started;
    if (!(error instanceof CarrierUnavailableError)) throw error;
    return { elapsedMs, error };
  }
  throw new Error('expected CarrierUnavailableError, the call succeeded');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
