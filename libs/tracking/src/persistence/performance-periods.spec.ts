import fc from 'fast-check';
import { coverByPeriods, monthOf, periodsOfDay, weekOf, type PeriodRange } from './performance-periods';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Every day a period range stands for. */
function daysOf(range: PeriodRange): string[] {
  const days: string[] = [];
  for (let start = range.from; start <= range.to;) {
    const next = range.grain === 'D' ? addDays(start, 1) : range.grain === 'W' ? addDays(start, 7) : monthOf(addDays(start, 31));
    for (let d = start; d < next; d = addDays(d, 1)) days.push(d);
    start = next;
  }
  return days;
}

describe('coverByPeriods', () => {
  it.each([
    // inside one week: days only
    ['2026-11-24', '2026-11-27', [{ grain: 'D', from: '2026-11-24', to: '2026-11-27' }]],
    // a whole week, Sunday to Saturday
    ['2026-11-22', '2026-11-28', [{ grain: 'W', from: '2026-11-22', to: '2026-11-22' }]],
    // exactly one month
    ['2026-11-01', '2026-11-30', [{ grain: 'M', from: '2026-11-01', to: '2026-11-01' }]],
    // the first of a month alone is a day, never its month
    ['2026-11-01', '2026-11-01', [{ grain: 'D', from: '2026-11-01', to: '2026-11-01' }]],
    // thirty days: days, weeks, days
    [
      '2026-10-29',
      '2026-11-27',
      [
        { grain: 'D', from: '2026-10-29', to: '2026-10-31' },
        { grain: 'W', from: '2026-11-01', to: '2026-11-15' },
        { grain: 'D', from: '2026-11-22', to: '2026-11-27' },
      ],
    ],
    // days, weeks, whole months (a leap February among them), weeks, days
    [
      '2027-12-15',
      '2028-03-20',
      [
        { grain: 'D', from: '2027-12-15', to: '2027-12-18' },
        { grain: 'W', from: '2027-12-19', to: '2027-12-19' },
        // the week from 26 December ends in January: its days are read one by one
        { grain: 'D', from: '2027-12-26', to: '2027-12-31' },
        { grain: 'M', from: '2028-01-01', to: '2028-02-01' },
        { grain: 'D', from: '2028-03-01', to: '2028-03-04' },
        { grain: 'W', from: '2028-03-05', to: '2028-03-12' },
        { grain: 'D', from: '2028-03-19', to: '2028-03-20' },
      ],
    ],
  ])('%s … %s', (from, to, expected) => {
    expect(coverByPeriods(from, to)).toEqual(expected);
  });

  it('covers every day of any range exactly once, and nothing outside it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 800 }), (offset, length) => {
        const from = addDays('2025-01-01', offset);
        const to = addDays(from, length);
        const days = coverByPeriods(from, to).flatMap(daysOf);
        const expected = Array.from({ length: length + 1 }, (_, i) => addDays(from, i));
        expect(days.sort()).toEqual(expected);
      }),
    );
  });

  it('answers nothing for a range that ends before it starts', () => {
    expect(coverByPeriods('2026-11-02', '2026-11-01')).toEqual([]);
  });
});

describe('periodsOfDay', () => {
  it('counts a day in its day, its week (from Sunday) and its month', () => {
    expect(periodsOfDay('2026-11-27')).toEqual([
      { grain: 'D', period: '2026-11-27' },
      { grain: 'W', period: '2026-11-22' },
      { grain: 'M', period: '2026-11-01' },
    ]);
    expect(weekOf('2026-11-22')).toBe('2026-11-22');
    expect(weekOf('2026-03-01')).toBe('2026-03-01');
  });
});
