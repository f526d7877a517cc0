import { sharedColumns } from './sql-fulfilment-batch.repository';

describe('sharedColumns', () => {
  it('sends values every row has alike once, keeps the rest per row, and the merge gives every row back', () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 1) + ms);
    const rows = [
      { id: 'a', team_id: 't', quote_id: null, created_at: at(0), origin: { city: 'Riyadh' }, cod: 100, missing: undefined },
      { id: 'b', team_id: 't', quote_id: null, created_at: at(0), origin: { city: 'Riyadh' }, cod: 0, missing: undefined },
    ];
    const [own, shared] = sharedColumns(rows);
    expect(JSON.parse(shared)).toEqual({ team_id: 't', quote_id: null, created_at: at(0).toISOString() });
    expect(JSON.parse(own)).toEqual([
      { id: 'a', origin: { city: 'Riyadh' }, cod: 100 },
      { id: 'b', origin: { city: 'Riyadh' }, cod: 0 },
    ]);
    const merged = (JSON.parse(own) as object[]).map((r) => ({ ...JSON.parse(shared), ...r }));
    expect(merged).toEqual(JSON.parse(JSON.stringify(rows)));
  });

  it('shares nothing for one row, and not a date that differs', () => {
    expect(sharedColumns([{ id: 'a', t: 1 }])).toEqual([JSON.stringify([{ id: 'a', t: 1 }]), '{}']);
    const [, shared] = sharedColumns([
      { at: new Date(1), k: 'x' },
      { at: new Date(2), k: 'x' },
    ]);
    expect(JSON.parse(shared)).toEqual({ k: 'x' });
  });
});
