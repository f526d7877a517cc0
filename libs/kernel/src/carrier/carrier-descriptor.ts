import type { PickupSchedule, Weekday } from './pickup-rules';
import { DeliveryCalendar, SAUDI_DELIVERY_CALENDAR } from './delivery-calendar';
import type { LabelFormat } from '../labels/label-format';
import type { ProofMethod } from '../delivery-proof/proof-of-delivery';
import type { ServiceLimits } from './service-limits';
import type { PiecesCapability } from '../parcel/pieces';

export type IntegrationType = 'rest' | 'rest_legacy' | 'csv_batch';
/**
 * How a service level carries: the four values the API contract fixes (clients may validate
 * them strictly). A carrier's deferred, cheaper tier ("economy") is declared with the means that
 * carries it, named as the carrier sells it (docs/adr/0066). One list: the API's enum and the
 * type derive from it.
 */
export const SERVICE_MODES = ['air', 'sea', 'land', 'express'] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];
/** Which kind of route a service level serves. */
export type Lane = 'domestic' | 'gcc' | 'international';

export interface TransitDays {
  readonly min: number;
  readonly max: number;
}

export interface ServiceLevelDescriptor {
  readonly code: string;
  readonly name_ar: string;
  readonly name_en: string;
  readonly mode: ServiceMode;
  readonly transit_days: TransitDays;
  readonly lanes: readonly Lane[];
  /**
   * The level's couriers collect cash at the door (cash on delivery). Declared by the carrier;
   * absent means no: such a level is not quoted when the rate asks for cash on delivery.
   */
  readonly cash_on_delivery?: boolean;
  /**
   * What one parcel may weigh and measure on this level, as the carrier publishes it. POST /rates
   * does not quote a level a parcel exceeds, and booking refuses it (422); absent, no limit of its own.
   */
  readonly limits?: ServiceLimits;
}

/** What a carrier offers beyond booking, tracking and cancelling; declared by the carrier itself. */
export interface CarrierCapabilities {
  /** The carrier has a native JSON API that POST /carriers/{code}/passthrough may forward to. */
  readonly passthrough: boolean;
  /** The carrier collects from the merchant's door on these days and hours (POST /pickups); absent: it does not. */
  readonly pickups?: PickupSchedule;
  /**
   * The carrier takes customer returns (POST /shipments/{id}/return) on these service levels,
   * priced from their rate cards; absent: it does not.
   */
  readonly returns?: { readonly services: readonly string[] };
  /**
   * The carrier issues its own label document (a real carrier's AWB), in these formats, the first
   * one the one it issues at booking: GET /labels answers those bytes as they came, and another
   * format is refused (422) naming these. Absent: the gateway renders its own label in every format.
   */
  readonly labels?: { readonly formats: readonly LabelFormat[] };
  /**
   * The days its couriers deliver (Riyadh weekdays, 0 = Sunday) and the dates they rest; absent:
   * Saturday to Thursday and the Saudi public holidays (SAUDI_DELIVERY_CALENDAR). Reattempt dates
   * and delivery estimates count only these days.
   */
  readonly deliveries?: { readonly days: readonly Weekday[]; readonly holidays?: readonly string[] };
  /**
   * The carrier takes a shipment of several parcels as one booking of pieces (docs/adr/0087):
   * how many at most, and who numbers them. Absent: one parcel per shipment; POST /rates does
   * not quote it for several parcels.
   */
  readonly pieces?: PiecesCapability;
  /**
   * The carrier's delivery scan says who took the parcel, proven by these methods (NONE: a name
   * with no method; docs/adr/0088). Absent: it reports no proof of delivery.
   */
  readonly proofOfDelivery?: { readonly methods: readonly ProofMethod[] };
}

export interface CarrierDescriptor {
  readonly code: string;
  readonly name_ar: string;
  readonly name_en: string;
  readonly integration_type: IntegrationType;
  readonly coverage_countries: readonly string[];
  readonly service_levels: readonly ServiceLevelDescriptor[];
  readonly capabilities: CarrierCapabilities;
}

/** The carrier's delivery days: what it declares, or the Saudi week and holidays. */
export function deliveryCalendarOf(carrier: Pick<CarrierDescriptor, 'capabilities'> | undefined): DeliveryCalendar {
  const declared = carrier?.capabilities?.deliveries;
  if (!declared) return SAUDI_DELIVERY_CALENDAR;
  // One calendar object per declaration: estimates are remembered per calendar (addDeliveryDays).
  let calendar = declaredCalendars.get(declared);
  if (!calendar) {
    calendar = { days: declared.days, holidays: declared.holidays ?? SAUDI_DELIVERY_CALENDAR.holidays };
    declaredCalendars.set(declared, calendar);
  }
  return calendar;
}

const declaredCalendars = new WeakMap<object, DeliveryCalendar>();
