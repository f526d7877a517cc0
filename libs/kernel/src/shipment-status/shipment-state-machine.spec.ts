import { SHIPMENT_STATUSES, ShipmentStatus } from './shipment-status';
import {
  NOT_PICKED_UP_STATUSES,
  TERMINAL_STATUSES,
  canCancel,
  canTransition,
  exceptionStatusOf,
  exceptionTypeOf,
  isException,
  isTerminal,
  mainFlowRank,
} from './shipment-state-machine';

/**
 * Expected transitions, written out by hand: row = from, column = to, x = allowed.
 * Columns follow docs/api.md §3 order:
 * CR CREATED, LG LABEL_GENERATED, PS PICKUP_SCHEDULED, PU PICKED_UP, OH AT_ORIGIN_HUB,
 * DO DEPARTED_ORIGIN, IT IN_TRANSIT, AD ARRIVED_DESTINATION_COUNTRY, CC CUSTOMS_CLEARANCE,
 * CD CUSTOMS_CLEARED, DH AT_DELIVERY_HUB, OD OUT_FOR_DELIVERY, DL DELIVERED,
 * XC/XA/XW/XF/XD EXCEPTION_ CUSTOMS_HOLD/ADDRESS_ISSUE/WEIGHT_MISMATCH/FAILED_DELIVERY_ATTEMPT/CARRIER_DELAY,
 * RT RETURN_TO_ORIGIN, RD RETURNED, LO LOST, CA CANCELLED.
 */
const CROSS_BORDER = `
    CR LG PS PU OH DO IT AD CC CD DH OD DL XC XA XW XF XD RT RD LO CA
CR  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x
LG  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x
PS  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x
PU  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  .
OH  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  .
DO  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  x  .
IT  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  .
AD  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  .
CC  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  .
CD  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  .
DH  .  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  .
OD  .  .  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  .
DL  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
XC  .  .  .  x  x  x  x  x  x  x  x  x  x  .  x  x  x  x  x  x  x  .
XA  .  .  .  x  x  x  x  x  x  x  x  x  x  x  .  x  x  x  x  x  x  .
XW  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  .  x  x  x  x  x  .
XF  .  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  .  x  x  x  x  .
XD  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x  x  x  .  x  x  x  .
RT  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  x  x  .
RD  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
LO  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
CA  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
`;

/** Same country: no destination-country arrival and no customs steps; a customs hold is still possible. */
const DOMESTIC = `
    CR LG PS PU OH DO IT AD CC CD DH OD DL XC XA XW XF XD RT RD LO CA
CR  .  x  x  x  x  x  x  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x
LG  .  .  x  x  x  x  x  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x
PS  .  .  .  x  x  x  x  .  .  .  x  x  x  x  x  x  x  x  x  x  x  x
PU  .  .  .  .  x  x  x  .  .  .  x  x  x  x  x  x  x  x  x  x  x  .
OH  .  .  .  .  .  x  x  .  .  .  x  x  x  x  x  x  x  x  x  x  x  .
DO  .  .  .  .  .  .  x  .  .  .  x  x  x  x  x  x  x  x  x  x  x  .
IT  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  x  .
AD  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
CC  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
CD  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
DH  .  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  x  .
OD  .  .  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  x  x  x  x  .
DL  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
XC  .  .  .  x  x  x  x  .  .  .  x  x  x  .  x  x  x  x  x  x  x  .
XA  .  .  .  x  x  x  x  .  .  .  x  x  x  x  .  x  x  x  x  x  x  .
XW  .  .  .  x  x  x  x  .  .  .  x  x  x  x  x  .  x  x  x  x  x  .
XF  .  .  .  .  .  .  .  .  .  .  .  x  x  x  x  x  .  x  x  x  x  .
XD  .  .  .  x  x  x  x  .  .  .  x  x  x  x  x  x  x  .  x  x  x  .
RT  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  x  x  .
RD  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
LO  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
CA  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
`;

type Matrix = Map<ShipmentStatus, Map<ShipmentStatus, boolean>>;

/** Parses a matrix above; the column order is checked against docs/api.md §3 order. */
function parseMatrix(text: string): Matrix {
  const [header, ...rows] = text.trim().split('\n');
  const columns = header.trim().split(/\s+/);
  expect(columns).toHaveLength(SHIPMENT_STATUSES.length);
  expect(rows).toHaveLength(SHIPMENT_STATUSES.length);
  const matrix: Matrix = new Map();
  rows.forEach((row, i) => {
    const [label, ...cells] = row.trim().split(/\s+/);
    expect(label).toBe(columns[i]);
    expect(cells).toHaveLength(SHIPMENT_STATUSES.length);
    const from = SHIPMENT_STATUSES[i];
    matrix.set(from, new Map(cells.map((cell, j) => [SHIPMENT_STATUSES[j], cell === 'x'])));
  });
  return matrix;
}

function refusedOrAllowed(matrix: Matrix, from: ShipmentStatus): Record<string, string[]> {
  const row = matrix.get(from)!;
  return {
    allowed: SHIPMENT_STATUSES.filter((to) => row.get(to)),
    refused: SHIPMENT_STATUSES.filter((to) => !row.get(to)),
  };
}

function actual(from: ShipmentStatus, opts?: { international?: boolean }): Record<string, string[]> {
  return {
    allowed: SHIPMENT_STATUSES.filter((to) => canTransition(from, to, opts)),
    refused: SHIPMENT_STATUSES.filter((to) => !canTransition(from, to, opts)),
  };
}

describe('canTransition: every pair of statuses', () => {
  const crossBorder = parseMatrix(CROSS_BORDER);
  const domestic = parseMatrix(DOMESTIC);

  describe.each(SHIPMENT_STATUSES.map((s) => [s]))('from %s', (from) => {
    it('cross-border lane', () => {
      expect(actual(from, { international: true })).toEqual(refusedOrAllowed(crossBorder, from));
    });
    it('domestic lane', () => {
      expect(actual(from, { international: false })).toEqual(refusedOrAllowed(domestic, from));
    });
    it('unknown lane refuses nothing for customs reasons', () => {
      expect(actual(from)).toEqual(refusedOrAllowed(crossBorder, from));
    });
  });

  it('covers 22 x 22 pairs', () => {
    expect(SHIPMENT_STATUSES).toHaveLength(22);
  });
});

describe('status groups', () => {
  it('not yet picked up = CREATED, LABEL_GENERATED, PICKUP_SCHEDULED', () => {
    expect([...NOT_PICKED_UP_STATUSES]).toEqual(['CREATED', 'LABEL_GENERATED', 'PICKUP_SCHEDULED']);
    expect(SHIPMENT_STATUSES.filter(canCancel)).toEqual(['CREATED', 'LABEL_GENERATED', 'PICKUP_SCHEDULED']);
  });

  it('terminal = DELIVERED, RETURNED, LOST, CANCELLED', () => {
    expect([...TERMINAL_STATUSES]).toEqual(['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED']);
    expect(SHIPMENT_STATUSES.filter(isTerminal)).toEqual(['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED']);
  });

  it('exceptions map to the TrackingEvent exception_type and back', () => {
    expect(SHIPMENT_STATUSES.filter(isException).map(exceptionTypeOf)).toEqual([
      'CUSTOMS_HOLD',
      'ADDRESS_ISSUE',
      'WEIGHT_MISMATCH',
      'FAILED_DELIVERY_ATTEMPT',
      'CARRIER_DELAY',
    ]);
    expect(exceptionTypeOf('IN_TRANSIT')).toBeUndefined();
    expect(exceptionStatusOf('ADDRESS_ISSUE')).toBe('EXCEPTION_ADDRESS_ISSUE');
  });

  it('ranks the main flow from CREATED (0) to DELIVERED (12)', () => {
    expect(mainFlowRank('CREATED')).toBe(0);
    expect(mainFlowRank('CUSTOMS_CLEARED')).toBe(9);
    expect(mainFlowRank('DELIVERED')).toBe(12);
    expect(mainFlowRank('EXCEPTION_CARRIER_DELAY')).toBeUndefined();
    expect(mainFlowRank('RETURN_TO_ORIGIN')).toBeUndefined();
  });
});
