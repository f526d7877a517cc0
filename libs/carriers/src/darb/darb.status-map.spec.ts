import { SHIPMENT_STATUSES } from '@lgw/domain';
import { mapDarbStatus } from './darb.status-map';

const DOCUMENTED = [
  'NEW',
  'LBL',
  'PUS',
  'PUP',
  'OHB',
  'DEP',
  'TRN',
  'ARR',
  'CUS',
  'CLR',
  'DHB',
  'OFD',
  'DLV',
  'HLD',
  'ADR',
  'WGT',
  'FDA',
  'DLY',
  'RTO',
  'RTD',
  'LST',
  'CAN',
];

describe('darb status map', () => {
  it('covers every gateway status exactly once', () => {
    const mapped = DOCUMENTED.map((code) => mapDarbStatus(code)?.status);
    expect(new Set(mapped)).toEqual(new Set(SHIPMENT_STATUSES));
    expect(mapped).toHaveLength(SHIPMENT_STATUSES.length);
  });

  it('maps exceptions with their type, tolerates case, and answers null for unknown codes', () => {
    expect(mapDarbStatus('fda')).toEqual({ status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', exceptionType: 'FAILED_DELIVERY_ATTEMPT' });
    expect(mapDarbStatus('DLV')).toEqual({ status: 'DELIVERED' });
    expect(mapDarbStatus('XYZ')).toBeNull();
  });
});
