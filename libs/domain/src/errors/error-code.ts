/** Every error code the API can answer with. The HTTP status of each lives in one table in apps/api. */
export const ERROR_CODES = [
  'E_UNAUTHENTICATED',
  'E_VALIDATION',
  'E_NOT_FOUND',
  'E_QUOTE_EXPIRED',
  'E_QUOTE_ALREADY_USED',
  'E_ADDRESS_NOT_NORMALISED',
  'E_CANCEL_NOT_ALLOWED',
  'E_DESTINATION_UPDATE_NOT_ALLOWED',
  'E_RATE_LIMITED',
  'E_CARRIER_UNAVAILABLE',
  'E_IDEMPOTENCY_MISMATCH',
  'E_IDEMPOTENCY_IN_PROGRESS',
  'E_PAYLOAD_TOO_LARGE',
  'E_URI_TOO_LONG',
  'E_HEADERS_TOO_LARGE',
  'E_WEBHOOK_NOT_RETRYABLE',
  'E_INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
