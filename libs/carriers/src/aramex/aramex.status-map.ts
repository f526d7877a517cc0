import { exception, flow, statusMap } from '../shared/status-map';

/**
 * Aramex's update codes (UpdateCode of TrackShipments). Several codes stand for one status. A
 * failed attempt (SH033) names its reason in ProblemCode: the adapter looks `SH033/<problem>`
 * up first, so an attempt for want of an address is an address issue. Sources per code, and the
 * codes kept as history only, in docs/carriers/aramex.md.
 */
export const ARAMEX_STATUS_MAP = statusMap(
  {
    SH014: flow('LABEL_GENERATED'),
    SH012: flow('PICKED_UP'),
    SH047: flow('AT_ORIGIN_HUB'),
    SH022: flow('IN_TRANSIT'),
    SH001: flow('IN_TRANSIT'),
    SH003: flow('OUT_FOR_DELIVERY'),
    SH005: flow('DELIVERED'),
    SH006: flow('DELIVERED'),
    SH007: flow('DELIVERED'),
    SH033: exception('FAILED_DELIVERY_ATTEMPT'),
    'SH033/A18': exception('FAILED_DELIVERY_ATTEMPT'),
    'SH033/A16': exception('ADDRESS_ISSUE'),
    SH008: exception('CARRIER_DELAY'),
    SH294: exception('CARRIER_DELAY'),
    SH157: exception('WEIGHT_MISMATCH'),
    SH498: flow('RETURN_TO_ORIGIN'),
    SH069: flow('RETURNED'),
  },
  (code) => code.replace(/\s+/g, '').toUpperCase(),
);

/** The key an update is looked up by: its code, with its problem code where the map tells them apart. */
export function aramexUpdateKey(updateCode: string, problemCode?: string | null): string {
  const withProblem = `${updateCode}/${problemCode ?? ''}`;
  return problemCode && ARAMEX_STATUS_MAP.map(withProblem) ? withProblem : updateCode;
}
