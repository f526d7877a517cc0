import { Vocabulary } from '../../shared/sandbox';

/**
 * Aramex update codes (UpdateCode) and their descriptions, one per status the simulator reports,
 * written from Aramex's recorded tracking answers (docs/carriers/aramex.md), not from the
 * adapter's status map. `SH033/A16` is update SH033 with ProblemCode A16: the routes write the two
 * fields apart, as Aramex does.
 */
export const ARAMEX_VOCABULARY: Vocabulary = {
  LABEL_GENERATED: { code: 'SH014', text: 'Record created.' },
  PICKED_UP: { code: 'SH012', text: 'Picked Up From Shipper' },
  AT_ORIGIN_HUB: { code: 'SH047', text: 'Received at Origin Facility' },
  IN_TRANSIT: { code: 'SH022', text: 'Departed Operations facility – In Transit' },
  OUT_FOR_DELIVERY: { code: 'SH003', text: 'Out for Delivery' },
  DELIVERED: { code: 'SH005', text: 'Delivered' },
  EXCEPTION_ADDRESS_ISSUE: { code: 'SH033/A16', text: 'Attempted Delivery - Awaiting Correct Delivery Address' },
  EXCEPTION_WEIGHT_MISMATCH: { code: 'SH157', text: 'Weight Discrepancy - Shipment Reweighed' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: 'SH033', text: 'Attempted Delivery - Consignee Not Available' },
  EXCEPTION_CARRIER_DELAY: { code: 'SH008', text: 'Shipment on Hold' },
  RETURN_TO_ORIGIN: { code: 'SH498', text: 'Customer Contact Attempts Completed - Pending Return to Shipper' },
  RETURNED: { code: 'SH069', text: 'Returned to Shipper' },
};
