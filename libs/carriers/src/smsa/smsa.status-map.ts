import { exception, flow, statusMap } from '../shared/status-map';

/**
 * SMSA's scan types (ScanType of /api/track/single and /api/track/bulk; the account's full list
 * is GET /api/track/statuslookup). Several scan types stand for one status. Sources and the
 * codes not in SMSA's public sample are listed in docs/carriers/smsa.md.
 */
export const SMSA_STATUS_MAP = statusMap(
  {
    NEW: flow('LABEL_GENERATED'),
    BK: flow('LABEL_GENERATED'),
    PP: flow('PICKUP_SCHEDULED'),
    PU: flow('PICKED_UP'),
    PKD: flow('PICKED_UP'),
    AF: flow('AT_ORIGIN_HUB'),
    CC: flow('AT_ORIGIN_HUB'),
    HOP: flow('IN_TRANSIT'),
    HOR: flow('IN_TRANSIT'),
    HOT: flow('IN_TRANSIT'),
    // Customs scans concern international waybills, which this integration does not book (domestic lane only).
    CR: flow('IN_TRANSIT'),
    CH: flow('IN_TRANSIT'),
    OD: flow('OUT_FOR_DELIVERY'),
    DL: flow('DELIVERED'),
    DE: exception('FAILED_DELIVERY_ATTEMPT'),
    ADR: exception('ADDRESS_ISSUE'),
    WGT: exception('WEIGHT_MISMATCH'),
    DMG: exception('CARRIER_DELAY'),
    MISS: flow('LOST'),
    CAN: flow('CANCELLED'),
    RTO: flow('RETURN_TO_ORIGIN'),
    RTN: flow('RETURNED'),
  },
  (code) => code.trim().toUpperCase(),
);
