import { ShipmentStatus } from '@lgw/domain';
import { SandboxCarrierCode } from './sandbox-types';

export interface NativeStatus {
  readonly code: string;
  readonly text: string;
}

type Vocabulary = Readonly<Record<ShipmentStatus, NativeStatus>>;

/**
 * Each carrier's own status vocabulary. The control API speaks gateway statuses; the carrier
 * records and reports its own codes, so the adapters have to map them back.
 */
const SAHM: Vocabulary = {
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

const BAHR: Vocabulary = {
  CREATED: { code: '1000', text: 'WAYBILL CREATED' },
  LABEL_GENERATED: { code: '1010', text: 'LABEL PRINTED' },
  PICKUP_SCHEDULED: { code: '1020', text: 'COLLECTION BOOKED' },
  PICKED_UP: { code: '1100', text: 'COLLECTED FROM SHIPPER' },
  AT_ORIGIN_HUB: { code: '1200', text: 'RECEIVED AT ORIGIN TERMINAL' },
  DEPARTED_ORIGIN: { code: '1210', text: 'DEPARTED ORIGIN TERMINAL' },
  IN_TRANSIT: { code: '1300', text: 'IN TRANSIT' },
  ARRIVED_DESTINATION_COUNTRY: { code: '1400', text: 'ARRIVED AT PORT OF DISCHARGE' },
  CUSTOMS_CLEARANCE: { code: '1410', text: 'UNDER CUSTOMS CLEARANCE' },
  CUSTOMS_CLEARED: { code: '1420', text: 'CUSTOMS CLEARED' },
  AT_DELIVERY_HUB: { code: '1500', text: 'RECEIVED AT DESTINATION TERMINAL' },
  OUT_FOR_DELIVERY: { code: '1600', text: 'OUT FOR DELIVERY' },
  DELIVERED: { code: '1700', text: 'DELIVERED' },
  EXCEPTION_CUSTOMS_HOLD: { code: '2100', text: 'HELD BY CUSTOMS' },
  EXCEPTION_ADDRESS_ISSUE: { code: '2200', text: 'INCORRECT ADDRESS' },
  EXCEPTION_WEIGHT_MISMATCH: { code: '2300', text: 'WEIGHT DISCREPANCY' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: '2400', text: 'DELIVERY ATTEMPTED - CONSIGNEE NOT AVAILABLE' },
  EXCEPTION_CARRIER_DELAY: { code: '2500', text: 'OPERATIONAL DELAY' },
  RETURN_TO_ORIGIN: { code: '3000', text: 'RETURN TO SHIPPER INITIATED' },
  RETURNED: { code: '3100', text: 'RETURNED TO SHIPPER' },
  LOST: { code: '3900', text: 'SHIPMENT LOST' },
  CANCELLED: { code: '9000', text: 'WAYBILL CANCELLED' },
};

const DARB: Vocabulary = {
  CREATED: { code: 'NEW', text: 'Order received' },
  LABEL_GENERATED: { code: 'LBL', text: 'Label printed' },
  PICKUP_SCHEDULED: { code: 'PUS', text: 'Pickup scheduled' },
  PICKED_UP: { code: 'PUP', text: 'Picked up' },
  AT_ORIGIN_HUB: { code: 'OHB', text: 'At origin hub' },
  DEPARTED_ORIGIN: { code: 'DEP', text: 'Departed origin hub' },
  IN_TRANSIT: { code: 'TRN', text: 'On the road' },
  ARRIVED_DESTINATION_COUNTRY: { code: 'ARR', text: 'Arrived in country' },
  CUSTOMS_CLEARANCE: { code: 'CUS', text: 'In customs' },
  CUSTOMS_CLEARED: { code: 'CLR', text: 'Customs cleared' },
  AT_DELIVERY_HUB: { code: 'DHB', text: 'At delivery hub' },
  OUT_FOR_DELIVERY: { code: 'OFD', text: 'Out for delivery' },
  DELIVERED: { code: 'DLV', text: 'Delivered' },
  EXCEPTION_CUSTOMS_HOLD: { code: 'HLD', text: 'Customs hold' },
  EXCEPTION_ADDRESS_ISSUE: { code: 'ADR', text: 'Address issue' },
  EXCEPTION_WEIGHT_MISMATCH: { code: 'WGT', text: 'Weight mismatch' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: 'FDA', text: 'Failed delivery attempt' },
  EXCEPTION_CARRIER_DELAY: { code: 'DLY', text: 'Delayed' },
  RETURN_TO_ORIGIN: { code: 'RTO', text: 'Returning to sender' },
  RETURNED: { code: 'RTD', text: 'Returned to sender' },
  LOST: { code: 'LST', text: 'Lost' },
  CANCELLED: { code: 'CAN', text: 'Cancelled' },
};

const VOCABULARIES: Readonly<Record<SandboxCarrierCode, Vocabulary>> = { sahm: SAHM, bahr: BAHR, darb: DARB };

export function nativeStatusFor(carrier: SandboxCarrierCode, status: ShipmentStatus): NativeStatus {
  return VOCABULARIES[carrier][status];
}
