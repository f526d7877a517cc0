import { SHIPMENT_STATUSES } from '@lgw/domain';
import { mapSahmStatus } from './sahm.status-map';

const DOCUMENTED = [
  'booked',
  'label_created',
  'pickup_scheduled',
  'picked',
  'hub_scan',
  'departed_facility',
  'in_transit',
  'arrived_in_country',
  'customs_processing',
  'customs_released',
  'delivery_station_scan',
  'out_for_delivery',
  'delivered',
  'exception:customs',
  'exception:address',
  'exception:weight',
  'exception:delivery_attempt',
  'exception:delay',
  'rts_initiated',
  'rts_completed',
  'lost',
  'cancelled',
];

describe('sahm status map', () => {
  it('covers every gateway status exactly once', () => {
    const mapped = DOCUMENTED.map((code) => mapSahmStatus(code)?.status);
    expect(new Set(mapped)).toEqual(new Set(SHIPMENT_STATUSES));
    expect(mapped).toHaveLength(SHIPMENT_STATUSES.length);
  });

  it('gives exceptions their exception type', () => {
    expect(mapSahmStatus('exception:customs')).toEqual({ status: 'EXCEPTION_CUSTOMS_HOLD', exceptionType: 'CUSTOMS_HOLD' });
    expect(mapSahmStatus('exception:delivery_attempt')).toEqual({
      status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
      exceptionType: 'FAILED_DELIVERY_ATTEMPT',
    });
    expect(mapSahmStatus('picked')).toEqual({ status: 'PICKED_UP' });
  });

  it('tolerates case and spacing, and answers null for unknown codes', () => {
    expect(mapSahmStatus(' Delivered ')?.status).toBe('DELIVERED');
    expect(mapSahmStatus('exception:volcano')).toBeNull();
    expect(mapSahmStatus('teleported')).toBeNull();
    expect(mapSahmStatus('')).toBeNull();
  });
});
