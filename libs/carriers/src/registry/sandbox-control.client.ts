import { TestCarrierControlPort, TestCarrierEvent, TestCarrierEventOutcome } from '@lgw/carrier-access';
import { CarrierUnavailableError } from '@lgw/kernel';

const TIMEOUT_MS = 10_000;

/**
 * Records a scan on the sandbox simulators test mode uses, through the sandbox's control API
 * (docs/runbook.md, POST /sandbox/v1/carriers/{code}/shipments/{tn}/events): the simulator then reports it
 * like any scan of its own, and the gateway ingests it on its tracking path.
 */
export class SandboxControlClient implements TestCarrierControlPort {
  constructor(private readonly sandboxUrl: string) {}

  async recordEvent(carrierCode: string, trackingNumber: string, event: TestCarrierEvent): Promise<TestCarrierEventOutcome> {
    const url = `${this.sandboxUrl.replace(/\/+$/, '')}/sandbox/v1/carriers/${encodeURIComponent(carrierCode)}/shipments/${encodeURIComponent(trackingNumber)}/events`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          code: event.code,
          ...(event.exceptionType !== undefined ? { exception_type: event.exceptionType } : {}),
          ...(event.locationEn !== undefined ? { location_en: event.locationEn } : {}),
          ...(event.locationAr !== undefined ? { location_ar: event.locationAr } : {}),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CarrierUnavailableError(carrierCode, `sandbox unreachable: ${(error as Error).message}`);
    }
    if (response.status === 201) {
      await response.arrayBuffer();
      return { ok: true };
    }
    const body = (await response.json().catch(() => ({}))) as { error?: { field?: string; reason?: string } };
    if (response.status === 404) return { ok: false, unknownShipment: true };
    if (response.status === 422) {
      return { ok: false, field: body.error?.field ?? 'code', reason: body.error?.reason ?? 'is not accepted by the carrier' };
    }
    throw new CarrierUnavailableError(carrierCode, `sandbox answered ${response.status}`);
  }
}
