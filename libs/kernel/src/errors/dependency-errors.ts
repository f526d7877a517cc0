/** Failures of what the gateway depends on (carriers, the label renderer, the address register): the edge maps each to its envelope (libs/http-api error-mapping). */

/** No answer, a timeout, a 5xx, or an open circuit: the caller gets 503 E_CARRIER_UNAVAILABLE. */
export class CarrierUnavailableError extends Error {
  constructor(
    readonly carrierCode: string,
    readonly reason: string,
    readonly retryAfterSeconds = 30,
  ) {
    super(`carrier ${carrierCode} unavailable: ${reason}`);
    this.name = 'CarrierUnavailableError';
  }
}

/**
 * The carrier refused the credentials the call was made with (HTTP 401/403, an authentication
 * fault). Still "unavailable" to a booking; a connection being saved is refused with it (422).
 */
export class CarrierCredentialsRefusedError extends CarrierUnavailableError {
  constructor(carrierCode: string) {
    super(carrierCode, 'credentials refused by carrier', 60);
    this.name = 'CarrierCredentialsRefusedError';
  }
}

/** The carrier answered and refused the request (its own validation). */
export class CarrierRejectedError extends Error {
  constructor(
    readonly carrierCode: string,
    readonly carrierMessage: string,
  ) {
    super(`carrier ${carrierCode} rejected the request: ${carrierMessage}`);
    this.name = 'CarrierRejectedError';
  }
}

/** The carrier has no such operation (e.g. passthrough on a file-based carrier). */
export class CarrierOperationNotSupportedError extends Error {
  constructor(
    readonly carrierCode: string,
    readonly operation: string,
  ) {
    super(`carrier ${carrierCode} does not support ${operation}`);
    this.name = 'CarrierOperationNotSupportedError';
  }
}

/**
 * No renderer can run (no browser installed, or it fails to launch): the caller gets 503
 * E_LABEL_UNAVAILABLE. Nothing is lost: labels stay pending and render once a browser runs.
 */
export class LabelRendererUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds = 60,
  ) {
    super(`label renderer unavailable: ${reason}`);
    this.name = 'LabelRendererUnavailableError';
  }
}

/** No usable answer from the address service: timeout, connection failure, 5xx, an open circuit. */
export class AddressServiceUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`address service unavailable: ${reason}`);
    this.name = 'AddressServiceUnavailableError';
  }
}
