import { Money } from './money.value-object';

/**
 * Cash on delivery (docs/adr/0043-cash-on-delivery.md). The fee is a share of the amount to
 * collect with a floor; the amount has a ceiling, the most a courier carries for one parcel.
 */
export const COD_FEE_BASIS_POINTS = 150;
export const COD_FEE_MINIMUM_HALALAS = 500;
/** 10,000 SAR. */
export const COD_MAX_HALALAS = 1_000_000;
export const COD_MAX_SAR = COD_MAX_HALALAS / 100;

/** What the gateway charges to collect `amountHalalas` at the door; 0 when there is nothing to collect. */
export function codFee(amountHalalas: number): Money {
  if (amountHalalas <= 0) return Money.ZERO;
  const fee = Money.ofHalalas(amountHalalas).percent(COD_FEE_BASIS_POINTS);
  return fee.halalas < COD_FEE_MINIMUM_HALALAS ? Money.ofHalalas(COD_FEE_MINIMUM_HALALAS) : fee;
}

export const COD_STATUSES = ['PENDING', 'COLLECTED', 'REFUSED', 'REMITTED', 'DISCREPANCY'] as const;
export type CodStatus = (typeof COD_STATUSES)[number];
