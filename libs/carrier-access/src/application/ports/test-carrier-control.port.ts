/** A scan a test-mode integrator asks the simulated carrier to make (docs/test-mode.md). */
export interface TestCarrierEvent {
  readonly code: string;
  readonly exceptionType?: string;
  readonly locationEn?: string;
  readonly locationAr?: string;
}

export type TestCarrierEventOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly unknownShipment: true }
  | { readonly ok: false; readonly unknownShipment?: false; readonly field: string; readonly reason: string };

/**
 * The sandbox simulators' control side, where test mode's carriers live: recording a scan
 * there is what a carrier's own scan is to a live shipment (docs/adr/0061).
 */
export interface TestCarrierControlPort {
  recordEvent(carrierCode: string, trackingNumber: string, event: TestCarrierEvent): Promise<TestCarrierEventOutcome>;
}

export const TEST_CARRIER_CONTROL = Symbol('TEST_CARRIER_CONTROL');
