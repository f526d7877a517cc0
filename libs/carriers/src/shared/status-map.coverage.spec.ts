import { EXCEPTION_TYPES, SHIPMENT_STATUSES } from '@lgw/kernel';
import { CARRIERS } from '../registry/carriers.registry';
import {
  crossesBorders,
  CUSTOMS_STATUSES,
  DOMESTIC_STATUSES,
  exception,
  flow,
  REQUIRED_STATUSES,
  statusContract,
  statusCoverageProblems,
  statusMap as buildStatusMap,
} from './status-map';

describe('the status contract of a carrier, by its lanes', () => {
  it('asks a domestic carrier for the 11 required statuses and allows no customs status', () => {
    const { required, allowed } = statusContract(['domestic']);
    expect(required).toEqual(REQUIRED_STATUSES);
    expect(required).toHaveLength(11);
    expect(allowed).toEqual(DOMESTIC_STATUSES);
    for (const status of CUSTOMS_STATUSES) expect(allowed).not.toContain(status);
  });

  it('asks a carrier crossing a border (gcc or international) also for the 4 customs statuses', () => {
    for (const lanes of [['gcc'], ['domestic', 'gcc'], ['international']] as const) {
      const { required, allowed } = statusContract(lanes);
      expect(required).toHaveLength(15);
      expect(required).toEqual(SHIPMENT_STATUSES.filter((s) => REQUIRED_STATUSES.includes(s) || CUSTOMS_STATUSES.includes(s)));
      expect(allowed).toEqual(SHIPMENT_STATUSES);
    }
    expect(crossesBorders(['domestic'])).toBe(false);
  });

  it('never requires what the carrier reports only when it has a code for it', () => {
    const optional = ['CREATED', 'PICKUP_SCHEDULED', 'DEPARTED_ORIGIN', 'AT_DELIVERY_HUB', 'EXCEPTION_CARRIER_DELAY', 'LOST', 'CANCELLED'];
    for (const status of optional) expect(statusContract(['gcc']).required).not.toContain(status);
    expect(statusContract(['gcc']).required.length + optional.length).toBe(SHIPMENT_STATUSES.length);
  });
});

describe('the status coverage of a carrier', () => {
  // Several scan codes per status, as SMSA and Aramex report them.
  const manyToOne = buildStatusMap(
    {
      PU: flow('PICKED_UP'),
      'PU-COURIER': flow('PICKED_UP'),
      DL: flow('DELIVERED'),
      'DL-SAFE': flow('DELIVERED'),
      'DL-NEIGHBOUR': flow('DELIVERED'),
      NA: exception('FAILED_DELIVERY_ATTEMPT'),
      'NA-CLOSED': exception('FAILED_DELIVERY_ATTEMPT'),
    },
    (code) => code.toUpperCase(),
  );
  const declared = ['PICKED_UP', 'DELIVERED', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT'] as const;

  it('allows many documented codes for one status', () => {
    expect(statusCoverageProblems(manyToOne, declared)).toEqual([]);
  });

  it('still names a declared status without a code, and a code mapped to an undeclared status', () => {
    expect(statusCoverageProblems(manyToOne, [...declared, 'OUT_FOR_DELIVERY'])).toEqual([
      'declared status OUT_FOR_DELIVERY has no documented code',
    ]);
    expect(statusCoverageProblems(manyToOne, ['PICKED_UP', 'DELIVERED'])).toEqual([
      'code "NA" maps to EXCEPTION_FAILED_DELIVERY_ATTEMPT, which is not declared',
      'code "NA-CLOSED" maps to EXCEPTION_FAILED_DELIVERY_ATTEMPT, which is not declared',
    ]);
  });

  it('names a documented code that maps to no status', () => {
    const broken = { codes: ['PU', 'XX'], map: (code: string | number) => (code === 'PU' ? flow('PICKED_UP') : null) };
    expect(statusCoverageProblems(broken, ['PICKED_UP'])).toEqual(['documented code "XX" maps to no status']);
  });
});

// Every registered carrier, held to the statuses its definition declares.
describe.each(CARRIERS.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s statuses', (code, carrier) => {
  const { statuses, statusMap } = carrier.tracking;

  it('maps every documented code onto a declared status, and has a code for each declared status (many codes may share one)', () => {
    expect(statusCoverageProblems(statusMap, statuses)).toEqual([]);
  });

  it('gives an exception its type and nothing else one', () => {
    for (const c of statusMap.codes) {
      const { status, exceptionType } = statusMap.map(c)!;
      const type = EXCEPTION_TYPES.find((t) => status === `EXCEPTION_${t}`);
      expect(exceptionType).toBe(type);
    }
  });

  it('answers null for an undocumented code', () => {
    for (const unknown of ['', 'ZZ_NEW_CODE_42', '99999']) expect(statusMap.map(unknown)).toBeNull();
  });

  it('declares what its lanes require and nothing they rule out (customs exactly when crossing a border)', () => {
    const lanes = carrier.descriptor.service_levels.flatMap((level) => level.lanes);
    const { required, allowed } = statusContract(lanes);
    expect(required.filter((status) => !statuses.includes(status))).toEqual([]);
    expect(statuses.filter((status) => !allowed.includes(status))).toEqual([]);
    const customs = CUSTOMS_STATUSES.filter((status) => statuses.includes(status));
    expect(customs).toEqual(crossesBorders(lanes) ? CUSTOMS_STATUSES : []);
  });

  it('serves the domestic lane in Saudi Arabia, where the carrier suites book every carrier (Riyadh to Jeddah)', () => {
    expect(carrier.descriptor.coverage_countries).toContain('SA');
    expect(carrier.descriptor.service_levels.some((level) => level.lanes.includes('domestic'))).toBe(true);
  });

  it(`has a sandbox vocabulary with one code for each declared status, which the ${code} status map reads back`, async () => {
    const { vocabulary } = await carrier.simulator();
    expect(Object.keys(vocabulary).sort()).toEqual([...statuses].sort());
    for (const status of statuses) expect(statusMap.map(vocabulary[status]!.code)?.status).toBe(status);
  });
});
