import { exception, flow, statusMap } from '../shared/status-map';

/** Bahr's numeric event codes (from their integration guide), sent as numbers or digits. 2xxx are exceptions. */
export const BAHR_STATUS_MAP = statusMap(
  {
    1000: flow('CREATED'),
    1010: flow('LABEL_GENERATED'),
    1020: flow('PICKUP_SCHEDULED'),
    1100: flow('PICKED_UP'),
    1200: flow('AT_ORIGIN_HUB'),
    1210: flow('DEPARTED_ORIGIN'),
    1300: flow('IN_TRANSIT'),
    1400: flow('ARRIVED_DESTINATION_COUNTRY'),
    1410: flow('CUSTOMS_CLEARANCE'),
    1420: flow('CUSTOMS_CLEARED'),
    1500: flow('AT_DELIVERY_HUB'),
    1600: flow('OUT_FOR_DELIVERY'),
    1700: flow('DELIVERED'),
    2100: exception('CUSTOMS_HOLD'),
    2200: exception('ADDRESS_ISSUE'),
    2300: exception('WEIGHT_MISMATCH'),
    2400: exception('FAILED_DELIVERY_ATTEMPT'),
    2500: exception('CARRIER_DELAY'),
    3000: flow('RETURN_TO_ORIGIN'),
    3100: flow('RETURNED'),
    3900: flow('LOST'),
    9000: flow('CANCELLED'),
  },
  (code) => code.trim(),
);
