import { CarrierPort, CarrierCredentialSchema } from '@lgw/carrier-access';
import { CarrierDescriptor, ShipmentStatus } from '@lgw/kernel';
import { carrierEnvName, CarrierSettingsContext } from './carrier-settings';
import { carrierResilienceEnvNames } from './resilience.settings';
import type { CarrierSimulator } from './sandbox/carrier-simulator';
import { CarrierStatusMap } from './status-map';

export type ClosableCarrier = CarrierPort & { close?(): Promise<void> };

/**
 * Everything the gateway needs to know about one carrier, exported by the carrier's own folder
 * (`<code>/<code>.carrier.ts`). The registry lists these, one line per carrier; the catalogue,
 * the adapters and the test suites are derived from that list.
 */
export interface CarrierDefinition {
  /** What GET /carriers shows and rating uses: names, integration type, coverage, service levels, capabilities. */
  readonly descriptor: CarrierDescriptor;
  /**
   * Its live API address, and the settings read from the environment besides <CODE>_BASE_URL,
   * by name; the variable is derived from the code (carrierEnvName). No deployment file lists
   * them: each has a default (the live address, the sandbox's credentials, the tuning's value).
   */
  readonly settings: CarrierSettingNames;
  /**
   * What a carrier connection (POST /carrier-connections) holds: each credential the adapter
   * reads (the names of settings.credentials) with its characters and length, and the account
   * number rule. Checked before the carrier is asked (docs/adding-a-carrier.md). Absent: every
   * credential is a token of 1 to 512 characters.
   */
  readonly connection?: CarrierCredentialSchema;
  /**
   * A real carrier booked on an account's own contract: offered to a team only while an active
   * connection to it exists (the team's own, or the platform's that an operator set), and its
   * platform connection is seeded only from credentials the deployment gives (<CODE>_<SETTING>),
   * never from the sandbox's. Absent: offered to every team on the platform's account.
   */
  readonly offeredWithConnectionOnly?: boolean;
  /**
   * What the carrier's API does not offer, as its documentation shows (docs/carriers/<code>.md);
   * the adapter answers each as documented there and the suites hold it to that instead.
   */
  readonly lacks?: readonly CarrierLack[];
  /** How the carrier's API behaves, as its documentation says; the contract suite holds the adapter to it. */
  readonly wire: CarrierWireTraits;
  /**
   * The statuses the carrier can express (EVERY_STATUS, or DOMESTIC_STATUSES for a carrier that
   * never crosses a border) and its documented codes: the coverage spec holds the status map,
   * the sandbox vocabulary and the contract suite to this declaration.
   */
  readonly tracking: { readonly statuses: readonly ShipmentStatus[]; readonly statusMap: CarrierStatusMap };
  /**
   * The carrier's simulator in the local sandbox (`<code>/sandbox/`). Loaded on demand by the
   * sandbox server only, so the gateway never loads simulator code.
   */
  simulator(): Promise<CarrierSimulator>;
  /** Builds the adapter; settings come from the carrier's own resolver over the shared context. */
  create(context: CarrierSettingsContext): ClosableCarrier;
}

/**
 * - `cancel`: no cancel call; the adapter's cancel resolves without calling the carrier and the
 *   gateway voids the shipment on its own (docs/adr/0076-real-carriers.md).
 * - `destination_update`, `remittance_feed`: the adapter throws CarrierOperationNotSupportedError.
 * - `collected_amount`: a delivery reports the cash-on-delivery amount booked, not what the courier took.
 * - `cod_report`: a delivery reports no cash amount at all; the gateway takes the amount booked
 *   as collected (docs/adr/0080-aramex.md).
 * - `arabic_places`, `measured_weight`: events carry no Arabic place name, no measured weight.
 * - `booking_lookup`: the carrier has no look-up of a booking by the client's reference;
 *   findBookingByReference only proves the credentials and answers null, so recovery cannot
 *   learn the outcome of a booking whose answer was lost (docs/adr/0080-aramex.md).
 * - `pickup_lookup`: the carrier neither finds a collection by the client's reference nor answers a
 *   re-sent request with the same collection; findPickupByReference answers null, so recovery
 *   abandons a collection whose answer was lost (docs/adr/0080-aramex.md).
 */
export type CarrierLack =
  | 'cancel'
  | 'destination_update'
  | 'remittance_feed'
  | 'collected_amount'
  | 'cod_report'
  | 'arabic_places'
  | 'measured_weight'
  | 'booking_lookup'
  | 'pickup_lookup';

/** The carrier's API lacks this (CarrierDefinition.lacks). */
export function carrierLacks(carrier: Pick<CarrierDefinition, 'lacks'>, what: CarrierLack): boolean {
  return carrier.lacks?.includes(what) === true;
}

export interface CarrierWireTraits {
  /** The carrier dedupes a re-sent booking (e.g. by an idempotency key), so a booking may be retried. */
  readonly idempotentBooking: boolean;
  /** How coarse the carrier's event times are, in milliseconds (1 = exact). */
  readonly eventTimeResolutionMs: number;
  /**
   * The carrier's own words in the JSON body of a refusal, read the way its documentation
   * describes its errors; undefined when the body carries none. Its client words refusals with
   * it, and the passthrough suite judges a forwarded error by it (no suite knows any carrier's
   * error shape).
   */
  refusal(body: unknown): string | undefined;
}

export interface CarrierSettingNames {
  /**
   * The carrier's production API, as its documentation gives it: where the gateway sends it
   * when CARRIER_ENDPOINTS=live and no <CODE>_BASE_URL overrides it for the deployment.
   */
  readonly liveBaseUrl: string;
  /** Credential name → the value the local sandbox accepts, which is also the adapter's fallback. */
  readonly credentials: Readonly<Record<string, string>>;
  readonly tuning: readonly string[];
}

/** The settings context of one carrier: the shared one, plus what its definition declares. */
export function carrierContext(carrier: CarrierDefinition, context: CarrierSettingsContext): CarrierSettingsContext {
  return { ...context, liveBaseUrl: carrier.settings.liveBaseUrl };
}

/** Every environment variable a carrier reads: <CODE>_BASE_URL, its declared settings, its own call protection. */
export function carrierEnvironment(carrier: CarrierDefinition): { baseUrl: string; credentials: string[]; tuning: string[] } {
  const { code } = carrier.descriptor;
  return {
    baseUrl: carrierEnvName(code, 'baseUrl'),
    credentials: Object.keys(carrier.settings.credentials).map((name) => carrierEnvName(code, name)),
    tuning: [...carrier.settings.tuning.map((name) => carrierEnvName(code, name)), ...carrierResilienceEnvNames(code)],
  };
}

/** The carrier's declared credentials schema, or the default one over its credential names. */
export function connectionSchemaOf(carrier: CarrierDefinition): CarrierCredentialSchema {
  if (carrier.connection) return carrier.connection;
  const fields = Object.fromEntries(
    Object.keys(carrier.settings.credentials).map((name) => [
      name,
      { label_en: name, label_ar: name, charset: 'token' as const, min_length: 1, max_length: 512 },
    ]),
  );
  return { fields };
}
