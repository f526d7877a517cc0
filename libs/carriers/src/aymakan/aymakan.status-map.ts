import { exception, flow, statusMap } from '../shared/status-map';

/**
 * Aymakan's shipment status codes (`status` of its webhooks, `status_code` of tracking_info).
 * Many codes stand for one status (a "received" code per city warehouse, several cancel codes).
 * Two entries are readings of a code with its reason (aymakanEventCode in the mapper): a
 * not-delivered scan whose reason is the address, and a weight update. Sources and what each
 * code means: docs/carriers/aymakan.md.
 */
export const AYMAKAN_STATUS_MAP = statusMap(
  {
    'AY-0001': flow('LABEL_GENERATED'),
    'AY-0002': flow('PICKED_UP'),
    'AY-0003': flow('AT_ORIGIN_HUB'),
    'AY-0004': flow('OUT_FOR_DELIVERY'),
    'AY-0005': flow('DELIVERED'),
    'AY-0006': exception('FAILED_DELIVERY_ATTEMPT'),
    'AY-0006:ADDRESS': exception('ADDRESS_ISSUE'),
    WEIGHT_UPDATE: exception('WEIGHT_MISMATCH'),
    'AY-0007': flow('CANCELLED'),
    'AY-0008': flow('RETURNED'),
    'AY-0009': flow('IN_TRANSIT'),
    'AY-0011': flow('CANCELLED'),
    'AY-0012': flow('IN_TRANSIT'),
    'AY-0014': flow('CANCELLED'),
    'AY-0017': flow('IN_TRANSIT'),
    'AY-0026': flow('IN_TRANSIT'),
    'AY-0027': flow('IN_TRANSIT'),
    'AY-0028': flow('IN_TRANSIT'),
    'AY-0030': flow('IN_TRANSIT'),
    'AY-0032': exception('CARRIER_DELAY'),
    'AY-0034': flow('IN_TRANSIT'),
    'AY-0045': flow('CANCELLED'),
    'AY-0050': exception('CARRIER_DELAY'),
    'AY-0051': flow('CANCELLED'),
    'AY-0059': flow('RETURN_TO_ORIGIN'),
    'AY-0064': flow('IN_TRANSIT'),
    'AY-0065': flow('IN_TRANSIT'),
    'AY-0072': flow('IN_TRANSIT'),
    'AY-0079': flow('IN_TRANSIT'),
    'AY-0080': flow('IN_TRANSIT'),
    'AY-0082': flow('IN_TRANSIT'),
    'AY-0083': flow('IN_TRANSIT'),
    'AY-0086': flow('IN_TRANSIT'),
    'AY-0088': flow('IN_TRANSIT'),
    'AY-0090': exception('CARRIER_DELAY'),
    'AY-0091': flow('RETURN_TO_ORIGIN'),
    'AY-0094': flow('RETURN_TO_ORIGIN'),
    'AY-0096': flow('IN_TRANSIT'),
    'AY-0098': flow('IN_TRANSIT'),
    'AY-0100': flow('RETURN_TO_ORIGIN'),
    'AY-0101': flow('IN_TRANSIT'),
    'AY-0102': flow('IN_TRANSIT'),
    'AY-0103': flow('IN_TRANSIT'),
    'AY-0104': flow('IN_TRANSIT'),
    'AY-0105': flow('CANCELLED'),
    'AY-0107': flow('CANCELLED'),
  },
  (code) => code.trim().toUpperCase(),
);
