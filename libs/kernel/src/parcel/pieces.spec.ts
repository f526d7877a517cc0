import { ShipmentStatus, SHIPMENT_STATUSES } from '../shipment-status/shipment-status';
import { carrierPieceNumbers, MAX_PIECES, pieceStatus, piecesOfBooking, piecesRefusal, rollUpPieceStatuses } from './pieces';

describe('rollUpPieceStatuses (docs/adr/0087)', () => {
  it.each<[ShipmentStatus[], ShipmentStatus]>([
    [['IN_TRANSIT', 'IN_TRANSIT', 'IN_TRANSIT'], 'IN_TRANSIT'],
    [['DELIVERED', 'OUT_FOR_DELIVERY', 'DELIVERED'], 'OUT_FOR_DELIVERY'],
    [['DELIVERED', 'AT_DELIVERY_HUB', 'PICKED_UP'], 'PICKED_UP'],
    [['DELIVERED', 'EXCEPTION_ADDRESS_ISSUE', 'IN_TRANSIT'], 'EXCEPTION_ADDRESS_ISSUE'],
    [['EXCEPTION_CARRIER_DELAY', 'EXCEPTION_ADDRESS_ISSUE'], 'EXCEPTION_CARRIER_DELAY'],
    [['RETURN_TO_ORIGIN', 'IN_TRANSIT'], 'RETURN_TO_ORIGIN'],
    [['RETURNED', 'RETURN_TO_ORIGIN'], 'RETURN_TO_ORIGIN'],
    [['DELIVERED', 'LOST', 'IN_TRANSIT'], 'IN_TRANSIT'],
    [['DELIVERED', 'LOST', 'DELIVERED'], 'LOST'],
    [['DELIVERED', 'RETURNED'], 'RETURNED'],
    [['CANCELLED', 'CANCELLED'], 'CANCELLED'],
  ])('%j rolls up to %s', (statuses, expected) => {
    expect(rollUpPieceStatuses(statuses)).toBe(expected);
  });

  it('is the status itself for any single piece, and for pieces that agree', () => {
    for (const status of SHIPMENT_STATUSES) {
      expect(rollUpPieceStatuses([status])).toBe(status);
      expect(rollUpPieceStatuses([status, status, status])).toBe(status);
    }
  });

  it('never answers DELIVERED while a piece is not delivered', () => {
    for (const other of SHIPMENT_STATUSES.filter((s) => s !== 'DELIVERED')) {
      expect(rollUpPieceStatuses(['DELIVERED', other, 'DELIVERED'])).not.toBe('DELIVERED');
      expect(rollUpPieceStatuses([other, 'DELIVERED'])).not.toBe('DELIVERED');
    }
  });

  it('lets any exception surface, whatever the other pieces do', () => {
    const exceptions = SHIPMENT_STATUSES.filter((s) => s.startsWith('EXCEPTION_'));
    for (const exception of exceptions) {
      for (const other of SHIPMENT_STATUSES) expect(rollUpPieceStatuses([other, exception]).startsWith('EXCEPTION_')).toBe(true);
    }
  });

  it('has no roll-up of no pieces', () => {
    expect(() => rollUpPieceStatuses([])).toThrow(RangeError);
  });
});

describe('piecesOfBooking', () => {
  const parcels = [{ weight_kg: 1.5 }, { weight_kg: 2 }, { weight_kg: 0.25 }];

  it('has no pieces for one parcel', () => {
    expect(piecesOfBooking('AWB1', [{ weight_kg: 1 }], undefined)).toBeNull();
  });

  it('numbers pieces <master>-<n> where the carrier gives no number of its own', () => {
    expect(piecesOfBooking('AWB1', parcels, undefined)).toEqual([
      { number: 1, trackingNumber: 'AWB1-1', weightKg: 1.5 },
      { number: 2, trackingNumber: 'AWB1-2', weightKg: 2 },
      { number: 3, trackingNumber: 'AWB1-3', weightKg: 0.25 },
    ]);
  });

  it("keeps the carrier's numbers, one per parcel in order", () => {
    expect(piecesOfBooking('A', parcels, ['A', 'B', 'C'])!.map((p) => p.trackingNumber)).toEqual(['A', 'B', 'C']);
  });

  it("does not trust a list of the carrier's that does not name each parcel once", () => {
    expect(piecesOfBooking('M', parcels, ['A', 'B'])!.map((p) => p.trackingNumber)).toEqual(['M-1', 'M-2', 'M-3']);
    expect(piecesOfBooking('M', parcels, ['A', 'A', 'B'])!.map((p) => p.trackingNumber)).toEqual(['M-1', 'M-2', 'M-3']);
  });
});

describe('piecesRefusal', () => {
  it('never refuses one parcel', () => {
    expect(piecesRefusal(undefined, 1)).toBeNull();
  });

  it('refuses several parcels at a carrier that takes one, in both languages', () => {
    expect(piecesRefusal(undefined, 2)).toEqual({
      en: expect.stringContaining('one parcel'),
      ar: expect.stringMatching(/[\u0600-\u06FF]/),
    });
  });

  it("holds a carrier to its own maximum and to the gateway's", () => {
    expect(piecesRefusal({ max: 5, numbering: 'gateway' }, 5)).toBeNull();
    expect(piecesRefusal({ max: 5, numbering: 'gateway' }, 6)?.en).toContain('at most 5');
    // More than MAX_PIECES parcels is one consolidated shipment, not a booking of pieces.
    expect(piecesRefusal(undefined, MAX_PIECES + 1)).toBeNull();
    expect(piecesRefusal({ max: 5, numbering: 'gateway' }, MAX_PIECES + 1)).toBeNull();
  });
});

describe('pieceStatus', () => {
  it("is the piece's own status once reported, else its shipment's", () => {
    expect(pieceStatus({}, 'IN_TRANSIT')).toBe('IN_TRANSIT');
    expect(pieceStatus({ status: 'DELIVERED' }, 'IN_TRANSIT')).toBe('DELIVERED');
  });
});

describe('carrierPieceNumbers (docs/adr/0087)', () => {
  const parcel = { weight_kg: 1 };

  it("lists the carrier's own numbers in piece order, the master first", () => {
    const pieces = piecesOfBooking('A1', [parcel, parcel, parcel], ['A1', 'A2', 'A3'])!;
    expect(carrierPieceNumbers('A1', [pieces[2], pieces[0], pieces[1]])).toEqual(['A1', 'A2', 'A3']);
  });

  it('is null for gateway numbers, which the carrier never saw, and without pieces', () => {
    expect(carrierPieceNumbers('G1', piecesOfBooking('G1', [parcel, parcel], undefined))).toBeNull();
    expect(carrierPieceNumbers('G1', null)).toBeNull();
    expect(carrierPieceNumbers('G1', [])).toBeNull();
  });
});
