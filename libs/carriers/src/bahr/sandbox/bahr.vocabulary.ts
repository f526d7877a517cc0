import { Vocabulary } from '../../shared/sandbox';

/**
 * Bahr Freight event codes and texts, as its integration guide lists them. Written from the carrier's documentation, not from the adapter's status map:
 * the contract suite then catches the two disagreeing.
 */
export const BAHR_VOCABULARY: Vocabulary = {
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
