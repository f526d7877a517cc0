import { SAHM_STATUS_MAP } from './sahm.status-map';

// Coverage of the declared statuses: shared/status-map.coverage.spec.ts.
describe('sahm status map', () => {
  it('tolerates case and spacing; an undocumented exception reason is unknown', () => {
    expect(SAHM_STATUS_MAP.map(' Delivered ')?.status).toBe('DELIVERED');
    expect(SAHM_STATUS_MAP.map('exception:volcano')).toBeNull();
  });
});
