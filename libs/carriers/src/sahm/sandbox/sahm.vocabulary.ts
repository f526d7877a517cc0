import { Vocabulary } from '../../shared/sandbox';

/**
 * Sahm Express status codes, as its API v2 reference lists them. Written from the carrier's documentation, not from the adapter's status map:
 * the contract suite then catches the two disagreeing.
 */
export const SAHM_VOCABULARY: Vocabulary = {
  CREATED: { code: 'booked', text: 'Shipment booked' },
  LABEL_GENERATED: { code: 'label_created', text: 'Shipping label created' },
  PICKUP_SCHEDULED: { code: 'pickup_scheduled', text: 'Courier pickup scheduled' },
  PICKED_UP: { code: 'picked', text: 'Picked up by courier' },
  AT_ORIGIN_HUB: { code: 'hub_scan', text: 'Scanned at origin hub' },
  DEPARTED_ORIGIN: { code: 'departed_facility', text: 'Departed origin facility' },
  IN_TRANSIT: { code: 'in_transit', text: 'In transit' },
  ARRIVED_DESTINATION_COUNTRY: { code: 'arrived_in_country', text: 'Arrived in destination country' },
  CUSTOMS_CLEARANCE: { code: 'customs_processing', text: 'Customs clearance in progress' },
  CUSTOMS_CLEARED: { code: 'customs_released', text: 'Released by customs' },
  AT_DELIVERY_HUB: { code: 'delivery_station_scan', text: 'Arrived at delivery station' },
  OUT_FOR_DELIVERY: { code: 'out_for_delivery', text: 'Out for delivery' },
  DELIVERED: { code: 'delivered', text: 'Delivered' },
  EXCEPTION_CUSTOMS_HOLD: { code: 'exception:customs', text: 'Held by customs' },
  EXCEPTION_ADDRESS_ISSUE: { code: 'exception:address', text: 'Address problem' },
  EXCEPTION_WEIGHT_MISMATCH: { code: 'exception:weight', text: 'Weight discrepancy' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: 'exception:delivery_attempt', text: 'Delivery attempt failed' },
  EXCEPTION_CARRIER_DELAY: { code: 'exception:delay', text: 'Delayed' },
  RETURN_TO_ORIGIN: { code: 'rts_initiated', text: 'Return to sender initiated' },
  RETURNED: { code: 'rts_completed', text: 'Returned to sender' },
  LOST: { code: 'lost', text: 'Shipment lost' },
  CANCELLED: { code: 'cancelled', text: 'Shipment cancelled' },
};
