import { parseControlEvent, resolveStatus } from './control-event.parser';

describe('control event codes', () => {
  it.each([
    ['PICKED_UP', undefined, 'PICKED_UP'],
    ['picked_up', undefined, 'PICKED_UP'],
    ['EXCEPTION_CUSTOMS_HOLD', undefined, 'EXCEPTION_CUSTOMS_HOLD'],
    ['EXCEPTION', 'CUSTOMS_HOLD', 'EXCEPTION_CUSTOMS_HOLD'],
    ['EXCEPTION', 'failed_delivery_attempt', 'EXCEPTION_FAILED_DELIVERY_ATTEMPT'],
    ['FAILED_DELIVERY_ATTEMPT', undefined, 'EXCEPTION_FAILED_DELIVERY_ATTEMPT'],
    ['EXCEPTION', undefined, undefined],
    ['EXCEPTION', 'VOLCANO', undefined],
    ['TELEPORTED', undefined, undefined],
  ])('%s + %s → %s', (code, type, expected) => {
    expect(resolveStatus(code, type)).toBe(expected);
  });
});

describe('parseControlEvent', () => {
  it('reads every optional field', () => {
    expect(
      parseControlEvent({
        code: 'EXCEPTION',
        exception_type: 'WEIGHT_MISMATCH',
        location_en: ' Riyadh ',
        location_ar: 'الرياض',
        occurred_at: '2025-03-01T10:00:00+03:00',
        measured_weight_kg: 2.5,
        piece_number: 2,
      }),
    ).toEqual({
      ok: true,
      event: {
        status: 'EXCEPTION_WEIGHT_MISMATCH',
        locationEn: 'Riyadh',
        locationAr: 'الرياض',
        occurredAt: new Date('2025-03-01T07:00:00Z'),
        measuredWeightKg: 2.5,
        piece: 2,
      },
    });
  });

  it('accepts a raw native code for tests of unknown codes', () => {
    expect(parseControlEvent({ native_code: 'zz' })).toEqual({ ok: true, event: { nativeCode: 'zz' } });
  });

  it.each([
    [{}, 'code'],
    [{ code: 'NOPE' }, 'code'],
    [{ code: 'EXCEPTION' }, 'exception_type'],
    [{ code: 'DELIVERED', occurred_at: 'yesterday' }, 'occurred_at'],
    [{ code: 'DELIVERED', measured_weight_kg: -1 }, 'measured_weight_kg'],
    [{ native_code: '' }, 'native_code'],
    [{ code: 'DELIVERED', piece_number: 0 }, 'piece_number'],
    [{ code: 'DELIVERED', piece_number: '2' }, 'piece_number'],
    [[], 'body'],
  ])('rejects %p naming %s', (body, field) => {
    expect(parseControlEvent(body)).toMatchObject({ ok: false, field });
  });
});
