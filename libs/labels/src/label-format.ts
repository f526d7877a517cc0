/** Formatting helpers shared by the label template; kept pure so they can be tested alone. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in quoted attribute values alike. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * Escaped text whose parts (split at " · ") each keep their own direction: a part without Arabic
 * is isolated left to right, one with Arabic right to left. Without it, a Latin name in a
 * right-to-left block loses its trailing full stop to the front (".Logistics Gateway Co").
 */
export function bidiIsolatedParts(value: unknown): string {
  return String(value ?? '')
    .split(' · ')
    .map((part) => `<bdi dir="${ARABIC_LETTER.test(part) ? 'rtl' : 'ltr'}">${escapeHtml(part)}</bdi>`)
    .join(' · ');
}

/**
 * Integer halalas to "1,234.50". Integer division keeps every amount exact: going through
 * a float (halalas / 100) misprints values such as 1,000,000,000,000.29.
 */
export function formatHalalas(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) {
    throw new RangeError(`Money must be an integer number of halalas, got ${halalas}`);
  }
  const negative = halalas < 0;
  const abs = BigInt(Math.abs(halalas));
  const riyals = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${riyals}.${rest}`;
}

/** Chargeable weight is rounded to 0.5 kg upstream; two decimals cover any other input. */
export function formatKg(kg: number): string {
  if (!Number.isFinite(kg) || kg < 0) {
    throw new RangeError(`Weight must be a non-negative number of kg, got ${kg}`);
  }
  return String(Math.round(kg * 100) / 100);
}

const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * Saudi Arabia keeps UTC+3 all year, so a fixed offset is exact and avoids depending on
 * the host's time-zone database.
 */
export function formatRiyadhDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const local = new Date(date.getTime() + RIYADH_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} +03:00`;
}
