import type { ParcelProps } from './parcel.value-object';
import { EXCEPTION_STATUSES, type ShipmentStatus } from '../shipment-status/shipment-status';
import { mainFlowRank } from '../shipment-status/shipment-state-machine';

/**
 * Multi-piece shipments (docs/adr/0087-multi-piece-shipments.md): a booking of 2 to MAX_PIECES
 * parcels is one shipment of as many pieces, each with its own tracking number and label page.
 * A request may carry up to MAX_PARCELS_PER_REQUEST parcels (docs/api.md, limits): more than
 * MAX_PIECES is one consolidated shipment without pieces, as every booking of several parcels was.
 */
export const MAX_PIECES = 20;
export const MAX_PARCELS_PER_REQUEST = 50;

/** How a carrier takes a shipment of several pieces (CarrierCapabilities.pieces). */
export interface PiecesCapability {
  /** The most pieces one booking may carry at this carrier (at most MAX_PIECES). */
  readonly max: number;
  /**
   * `carrier`: the carrier issues a tracking number per piece (its booking answer lists them,
   * in parcel order); `gateway`: the carrier tracks the shipment by one number and the gateway
   * numbers the pieces `<master>-<n>`.
   */
  readonly numbering: 'carrier' | 'gateway';
}

/** One piece of a multi-piece shipment. */
export interface ShipmentPiece {
  /** 1-based, in the order of the request's parcels. */
  readonly number: number;
  readonly trackingNumber: string;
  readonly weightKg: number;
  /**
   * The piece's own status, once its carrier reported one for the piece alone; absent, the piece
   * is where the shipment is (pieceStatus). With statuses of their own, the shipment's status is
   * the pieces' roll-up (rollUpPieceStatuses).
   */
  readonly status?: ShipmentStatus;
  /**
   * With a status of its own, the rest of the piece's tracking state (the tracking reducer's, as
   * the shipment keeps its own): the furthest flow step it reached, and its newest scan's time.
   * Late, repeated and out-of-order scans of the piece are judged against them.
   */
  readonly progress?: ShipmentStatus;
  readonly lastEventAt?: Date;
}

/** Where a piece is: its own reported status, else its shipment's. */
export function pieceStatus(piece: Pick<ShipmentPiece, 'status'>, shipmentStatus: ShipmentStatus): ShipmentStatus {
  return piece.status ?? shipmentStatus;
}

/**
 * The pieces' tracking numbers, in piece order, when the carrier numbered them itself (each is
 * one its tracking knows, the first the master); null for gateway numbers (`<master>-<n>`), which
 * the carrier has never seen, and for a shipment without pieces.
 */
export function carrierPieceNumbers(
  master: string,
  pieces: readonly Pick<ShipmentPiece, 'number' | 'trackingNumber'>[] | null | undefined,
): string[] | null {
  if (!pieces || pieces.length === 0) return null;
  if (pieces.some((p) => p.trackingNumber === gatewayPieceNumber(master, p.number))) return null;
  return [...pieces].sort((a, b) => a.number - b.number).map((p) => p.trackingNumber);
}

/** A shipment of this many parcels is a multi-piece shipment (one parcel, or more than MAX_PIECES, has no pieces). */
export function isMultiPiece(parcelCount: number): boolean {
  return parcelCount >= 2 && parcelCount <= MAX_PIECES;
}

/**
 * Why a carrier cannot take this many parcels in one booking, or null when it can. One parcel
 * is never a multi-piece booking; a carrier that declares no `pieces` capability takes only one.
 */
export function piecesRefusal(capability: PiecesCapability | undefined, parcelCount: number): { en: string; ar: string } | null {
  if (!isMultiPiece(parcelCount)) return null;
  if (!capability) return { en: 'the carrier takes one parcel per shipment', ar: 'شركة الشحن تقبل طرداً واحداً لكل شحنة' };
  const max = capability.max;
  if (parcelCount > max)
    return { en: `the carrier takes at most ${max} parcels per shipment`, ar: `شركة الشحن تقبل ${max} طرداً على الأكثر لكل شحنة` };
  return null;
}

/** The gateway's number of piece n of a shipment tracked by `master`. */
export function gatewayPieceNumber(master: string, n: number): string {
  return `${master}-${n}`;
}

/**
 * The pieces of a booking: none for one parcel; otherwise one per parcel, numbered from 1, each
 * with the carrier's own tracking number when it gave one per parcel, else `<master>-<n>`.
 */
export function piecesOfBooking(
  master: string,
  parcels: readonly Pick<ParcelProps, 'weight_kg'>[],
  carrierNumbers: readonly string[] | undefined,
): ShipmentPiece[] | null {
  if (!isMultiPiece(parcels.length)) return null;
  const own = carrierNumbers && carrierNumbers.length === parcels.length && new Set(carrierNumbers).size === parcels.length;
  return parcels.map((parcel, i) => ({
    number: i + 1,
    trackingNumber: own ? carrierNumbers[i] : gatewayPieceNumber(master, i + 1),
    weightKg: parcel.weight_kg,
  }));
}

const EXCEPTIONS: ReadonlySet<ShipmentStatus> = new Set(EXCEPTION_STATUSES);

/**
 * The shipment's status from its pieces' statuses (docs/adr/0087), in this order:
 * 1. all pieces agree → that status;
 * 2. any piece in an exception → the exception of the lowest-numbered such piece (an exception
 *    always surfaces);
 * 3. any piece on its way back (RETURN_TO_ORIGIN) → RETURN_TO_ORIGIN;
 * 4. any piece still on the main flow short of DELIVERED → the least advanced of those (the
 *    shipment is where its slowest piece is: [DELIVERED, OUT_FOR_DELIVERY] is OUT_FOR_DELIVERY);
 * 5. every piece has ended, differently → LOST if any is lost, else RETURNED if any came back,
 *    else CANCELLED (DELIVERED only when every piece is delivered: rule 1).
 * An empty list has no roll-up (a single-parcel shipment's status is its own).
 */
export function rollUpPieceStatuses(statuses: readonly ShipmentStatus[]): ShipmentStatus {
  if (statuses.length === 0) throw new RangeError('a roll-up needs at least one piece');
  if (statuses.every((s) => s === statuses[0])) return statuses[0];
  const exception = statuses.find((s) => EXCEPTIONS.has(s));
  if (exception) return exception;
  if (statuses.includes('RETURN_TO_ORIGIN')) return 'RETURN_TO_ORIGIN';
  let slowest: ShipmentStatus | null = null;
  for (const status of statuses) {
    const rank = mainFlowRank(status);
    if (rank === undefined || status === 'DELIVERED') continue;
    if (slowest === null || rank < (mainFlowRank(slowest) as number)) slowest = status;
  }
  if (slowest) return slowest;
  for (const end of ['LOST', 'RETURNED'] as const) if (statuses.includes(end)) return end;
  return 'CANCELLED';
}
