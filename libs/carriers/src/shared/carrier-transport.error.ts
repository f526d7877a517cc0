/**
 * No usable answer from the carrier: connection failure, timeout, 408/429/5xx, a malformed
 * body. Internal to the carriers lib: the call guard retries and counts these, and turns
 * them into CarrierUnavailableError before they leave an adapter.
 */
export class CarrierTransportError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CarrierTransportError';
  }
}
