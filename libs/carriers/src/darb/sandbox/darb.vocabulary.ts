import { Vocabulary } from '../../shared/sandbox';

/**
 * Darb Logistics status-feed codes, as its integration pack lists them. Domestic only: no customs. Written from the carrier's documentation, not from the adapter's status map:
 * the contract suite then catches the two disagreeing.
 */
export const DARB_VOCABULARY: Vocabulary = {
  CREATED: { code: 'NEW', text: 'Order received' },
  LABEL_GENERATED: { code: 'LBL', text: 'Label printed' },
  PICKUP_SCHEDULED: { code: 'PUS', text: 'Pickup scheduled' },
  PICKED_UP: { code: 'PUP', text: 'Picked up' },
  AT_ORIGIN_HUB: { code: 'OHB', text: 'At origin hub' },
  DEPARTED_ORIGIN: { code: 'DEP', text: 'Departed origin hub' },
  IN_TRANSIT: { code: 'TRN', text: 'On the road' },
  AT_DELIVERY_HUB: { code: 'DHB', text: 'At delivery hub' },
  OUT_FOR_DELIVERY: { code: 'OFD', text: 'Out for delivery' },
  DELIVERED: { code: 'DLV', text: 'Delivered' },
  EXCEPTION_ADDRESS_ISSUE: { code: 'ADR', text: 'Address issue' },
  EXCEPTION_WEIGHT_MISMATCH: { code: 'WGT', text: 'Weight mismatch' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: 'FDA', text: 'Failed delivery attempt' },
  EXCEPTION_CARRIER_DELAY: { code: 'DLY', text: 'Delayed' },
  RETURN_TO_ORIGIN: { code: 'RTO', text: 'Returning to sender' },
  RETURNED: { code: 'RTD', text: 'Returned to sender' },
  LOST: { code: 'LST', text: 'Lost' },
  CANCELLED: { code: 'CAN', text: 'Cancelled' },
};
