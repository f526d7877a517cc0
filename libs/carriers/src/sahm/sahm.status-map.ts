import { exception, flow, statusMap } from '../shared/status-map';

/** Sahm's status codes (API v2 reference); exceptions are "exception:<reason>". */
export const SAHM_STATUS_MAP = statusMap(
  {
    booked: flow('CREATED'),
    label_created: flow('LABEL_GENERATED'),
    pickup_scheduled: flow('PICKUP_SCHEDULED'),
    picked: flow('PICKED_UP'),
    hub_scan: flow('AT_ORIGIN_HUB'),
    departed_facility: flow('DEPARTED_ORIGIN'),
    in_transit: flow('IN_TRANSIT'),
    arrived_in_country: flow('ARRIVED_DESTINATION_COUNTRY'),
    customs_processing: flow('CUSTOMS_CLEARANCE'),
    customs_released: flow('CUSTOMS_CLEARED'),
    delivery_station_scan: flow('AT_DELIVERY_HUB'),
    out_for_delivery: flow('OUT_FOR_DELIVERY'),
    delivered: flow('DELIVERED'),
    'exception:customs': exception('CUSTOMS_HOLD'),
    'exception:address': exception('ADDRESS_ISSUE'),
    'exception:weight': exception('WEIGHT_MISMATCH'),
    'exception:delivery_attempt': exception('FAILED_DELIVERY_ATTEMPT'),
    'exception:delay': exception('CARRIER_DELAY'),
    rts_initiated: flow('RETURN_TO_ORIGIN'),
    rts_completed: flow('RETURNED'),
    lost: flow('LOST'),
    cancelled: flow('CANCELLED'),
  },
  (code) => code.trim().toLowerCase(),
);
