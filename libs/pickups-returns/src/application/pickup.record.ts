import { AddressProps, ShipmentStatus, PickupStatus, PickupWindow } from '@lgw/kernel';
import { Shipment, ShipmentRecord } from '@lgw/shipping';

/** One shipment's status step made by a pickup. */
export interface PickupShipmentMove {
  readonly shipmentId: string;
  /**
   * The statuses the shipment may be in for the step (e.g. CREATED or LABEL_GENERATED: the label
   * job may advance it meanwhile); any other change since wins. The domain event names the
   * status the shipment actually left.
   */
  readonly from: readonly ShipmentStatus[];
  /** The step, made by the shipment itself. */
  readonly apply: (shipment: Shipment) => void;
}

/** A courier collection as stored; it exists only once the carrier confirmed it. */
export interface PickupRecord {
  readonly id: string;
  readonly teamId: string;
  readonly carrierCode: string;
  /** Stored status; COMPLETED is derived when read (every shipment handed over). */
  readonly status: PickupStatus;
  readonly confirmationNumber: string;
  /** Riyadh calendar date, YYYY-MM-DD. */
  readonly pickupDate: string;
  readonly window: PickupWindow;
  readonly address: AddressProps;
  readonly shipmentIds: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly cancelledAt: Date | null;
}

export interface PickupView {
  readonly id: string;
  readonly carrier: string;
  readonly status: PickupStatus;
  readonly confirmation_number: string;
  readonly pickup_date: string;
  readonly window: { readonly from: string; readonly to: string };
  readonly address: AddressProps;
  readonly shipment_ids: readonly string[];
  readonly created_at: string;
  readonly cancelled_at: string | null;
}

export function toPickupView(p: PickupRecord): PickupView {
  return {
    id: p.id,
    carrier: p.carrierCode,
    status: p.status,
    confirmation_number: p.confirmationNumber,
    pickup_date: p.pickupDate,
    window: { from: p.window.from, to: p.window.to },
    address: p.address,
    shipment_ids: [...p.shipmentIds],
    created_at: p.createdAt.toISOString(),
    cancelled_at: p.cancelledAt ? p.cancelledAt.toISOString() : null,
  };
}

/**
 * A shipment's step made by a pickup (scheduled, or back when it is cancelled): the shipment
 * records it itself (Shipment.schedulePickup / releasePickup: the history step keyed by the
 * pickup, so scheduling again after a cancel records a new one, and the status_updated event).
 */
export function pickupMove(
  shipment: Pick<ShipmentRecord, 'id'>,
  from: ShipmentStatus,
  to: 'PICKUP_SCHEDULED' | 'LABEL_GENERATED',
  pickupId: string,
  at: Date,
  alsoFrom: readonly ShipmentStatus[] = [],
): PickupShipmentMove {
  return {
    shipmentId: shipment.id,
    from: [from, ...alsoFrom.filter((s) => s !== from)],
    apply: (s) => (to === 'PICKUP_SCHEDULED' ? s.schedulePickup(pickupId, at) : s.releasePickup(pickupId, at)),
  };
}
