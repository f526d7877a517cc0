import { exception, flow, statusMap } from '../shared/status-map';

/** Darb's three-letter codes from its status feed. Darb delivers inside Saudi Arabia only: no customs codes. */
export const DARB_STATUS_MAP = statusMap(
  {
    NEW: flow('CREATED'),
    LBL: flow('LABEL_GENERATED'),
    PUS: flow('PICKUP_SCHEDULED'),
    PUP: flow('PICKED_UP'),
    OHB: flow('AT_ORIGIN_HUB'),
    DEP: flow('DEPARTED_ORIGIN'),
    TRN: flow('IN_TRANSIT'),
    DHB: flow('AT_DELIVERY_HUB'),
    OFD: flow('OUT_FOR_DELIVERY'),
    DLV: flow('DELIVERED'),
    ADR: exception('ADDRESS_ISSUE'),
    WGT: exception('WEIGHT_MISMATCH'),
    FDA: exception('FAILED_DELIVERY_ATTEMPT'),
    DLY: exception('CARRIER_DELAY'),
    RTO: flow('RETURN_TO_ORIGIN'),
    RTD: flow('RETURNED'),
    LST: flow('LOST'),
    CAN: flow('CANCELLED'),
  },
  (code) => code.trim().toUpperCase(),
);
