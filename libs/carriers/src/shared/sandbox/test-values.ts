import { ShipmentStatus } from '@lgw/kernel';

/**
 * Magic shipment references (docs/test-mode.md): a booking whose merchant reference is one of
 * these makes every simulated carrier behave a set way, as EasyPost's test tracking codes do.
 * Only the sandbox knows them; a live carrier books such a reference as any other.
 */
export const TEST_REFUSE_BOOKING = 'TEST_REFUSE_BOOKING';

/** Scripted walks: each step comes one scenario interval after the previous one. */
export const TEST_SCENARIOS: Readonly<Record<string, readonly ShipmentStatus[]>> = {
  /** Three failed delivery attempts, then the carrier sends the parcel back. */
  TEST_FAIL_DELIVERY: [
    'PICKED_UP',
    'IN_TRANSIT',
    'OUT_FOR_DELIVERY',
    'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
    'OUT_FOR_DELIVERY',
    'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
    'OUT_FOR_DELIVERY',
    'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
    'RETURN_TO_ORIGIN',
  ],
  /** Picked up, then held at customs, where it stays until driven on. */
  TEST_CUSTOMS_HOLD: ['PICKED_UP', 'IN_TRANSIT', 'EXCEPTION_CUSTOMS_HOLD'],
};

/** The refusal a simulated carrier answers in its own dialect, or undefined to book. */
export function testBookingRefusal(merchantReference: string | undefined): string | undefined {
  return merchantReference?.trim().toUpperCase() === TEST_REFUSE_BOOKING
    ? `reference ${TEST_REFUSE_BOOKING}: the sandbox carrier refuses this booking`
    : undefined;
}

/** The scenario a booking asked for by its reference, if any. */
export function testScenarioOf(merchantReference: string | undefined): string | undefined {
  const name = merchantReference?.trim().toUpperCase();
  return name && TEST_SCENARIOS[name] ? name : undefined;
}
