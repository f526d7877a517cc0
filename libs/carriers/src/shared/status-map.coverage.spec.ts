import { EXCEPTION_TYPES } from '@lgw/domain';
import { CARRIERS } from '../registry/carriers.registry';
import { CUSTOMS_STATUSES } from './status-map';

const crossesBorders = (lanes: readonly string[]) => lanes.some((lane) => lane !== 'domestic');

// Every registered carrier, held to the statuses its definition declares.
describe.each(CARRIERS.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s statuses', (code, carrier) => {
  const { statuses, statusMap } = carrier.tracking;

  it('maps its documented codes onto exactly the statuses it declares, each once', () => {
    const mapped = statusMap.codes.map((c) => statusMap.map(c)?.status);
    expect(mapped).not.toContain(undefined);
    expect([...mapped].sort()).toEqual([...statuses].sort());
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

  it('declares customs statuses exactly when a service level crosses a border', () => {
    const lanes = carrier.descriptor.service_levels.flatMap((level) => level.lanes);
    const customs = CUSTOMS_STATUSES.filter((status) => statuses.includes(status));
    expect(customs).toEqual(crossesBorders(lanes) ? CUSTOMS_STATUSES : []);
  });

  it(`has a sandbox vocabulary with one code for each declared status, which the ${code} status map reads back`, async () => {
    const { vocabulary } = await carrier.simulator();
    expect(Object.keys(vocabulary).sort()).toEqual([...statuses].sort());
    for (const status of statuses) expect(statusMap.map(vocabulary[status]!.code)?.status).toBe(status);
  });
});
