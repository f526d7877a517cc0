import { Money, codFee } from '@lgw/kernel';
import { BillingLineDraft, billingLine } from './billing-line';

/** What the ledger needs to know about a booked shipment. Money in halalas. */
export interface BilledShipment {
  readonly trackingNumber: string;
  /** The quoted charge without VAT: the sum of the quote's price lines other than VAT. */
  readonly chargeHalalas: number;
  readonly codAmountHalalas: number | null;
  /**
   * The COD fee the quote showed (docs/adr/0043-cash-on-delivery.md); absent for bookings
   * made without a quote (fulfilment batches), which are charged the same formula.
   */
  readonly quotedCodFeeHalalas?: number;
}

/** A booking bills its quoted charge, and the COD fee when cash is to be collected. */
export function bookingLines(shipment: BilledShipment): BillingLineDraft[] {
  const lines = [
    billingLine(
      'shipment',
      Money.ofHalalas(shipment.chargeHalalas),
      `Shipment ${shipment.trackingNumber}`,
      `شحنة ${shipment.trackingNumber}`,
    ),
  ];
  const cod = shipment.codAmountHalalas ?? 0;
  if (cod > 0) {
    const charged = shipment.quotedCodFeeHalalas !== undefined ? Money.ofHalalas(shipment.quotedCodFeeHalalas) : codFee(cod);
    const collected = Money.ofHalalas(cod).toSarString();
    lines.push(billingLine('cod_fee', charged, `Cash on delivery fee (${collected} SAR)`, `رسوم الدفع عند الاستلام (${collected} ريال)`));
  }
  return lines;
}

/** A cancellation gives back exactly what the shipment line charged. */
export function cancellationCredit(shipment: BilledShipment): BillingLineDraft {
  return billingLine(
    'cancellation_credit',
    Money.ofHalalas(shipment.chargeHalalas).negate(),
    `Cancellation credit ${shipment.trackingNumber}`,
    `إشعار دائن لإلغاء الشحنة ${shipment.trackingNumber}`,
  );
}

/** A return to origin carries the parcel back on the same service: it costs the forward charge again. */
export function returnFee(shipment: BilledShipment): BillingLineDraft {
  return billingLine(
    'return_fee',
    Money.ofHalalas(shipment.chargeHalalas),
    `Return to origin ${shipment.trackingNumber}`,
    `إرجاع إلى المرسل ${shipment.trackingNumber}`,
  );
}

/** A customer return is billed as a return fee: its own charge, priced from the return service's rate card. */
export function customerReturnFee(shipment: BilledShipment): BillingLineDraft {
  return billingLine(
    'return_fee',
    Money.ofHalalas(shipment.chargeHalalas),
    `Customer return ${shipment.trackingNumber}`,
    `مرتجع من العميل ${shipment.trackingNumber}`,
  );
}

/** A rate card's price for a chargeable weight (a multiple of 0.5 kg), VAT left out: rating's to compute. */
export type PriceWithoutVat = (chargeableKg: number) => Money;

export interface WeightAdjustmentInput {
  readonly trackingNumber: string;
  /** The price without VAT of a chargeable weight on the rate card quoting priced the shipment with. */
  readonly priceWithoutVat: PriceWithoutVat;
  /** What the quote charged for (a multiple of 0.5 kg). */
  readonly quotedChargeableKg: number;
  /** Sum of the parcel weights the merchant declared. */
  readonly declaredKg: number;
  /** What the carrier weighed. */
  readonly measuredKg: number;
  /** Weight adjustments already on the ledger for this shipment. */
  readonly alreadyAdjustedHalalas: number;
}

/**
 * A carrier-measured weight above the declared one re-prices the shipment on the same rate
 * card: the chargeable weight becomes the measured weight rounded up to 0.5 kg when that is
 * more than what was quoted (volumetric weight still counts, so it never drops below the
 * quote). The line is the difference of the two prices without VAT, less what earlier
 * adjustments already billed, so a second report of the same weight bills nothing more.
 * Null when nothing is owed.
 */
export function weightAdjustment(input: WeightAdjustmentInput): BillingLineDraft | null {
  const declaredGrams = grams(input.declaredKg);
  const measuredGrams = grams(input.measuredKg);
  if (measuredGrams <= declaredGrams) return null;
  const measuredChargeableKg = Math.ceil(measuredGrams / 500) / 2;
  if (measuredChargeableKg <= input.quotedChargeableKg) return null;
  const owed = input
    .priceWithoutVat(measuredChargeableKg)
    .subtract(input.priceWithoutVat(input.quotedChargeableKg))
    .subtract(Money.ofHalalas(input.alreadyAdjustedHalalas));
  if (owed.halalas <= 0) return null;
  const from = input.quotedChargeableKg.toFixed(1);
  const to = measuredChargeableKg.toFixed(1);
  return billingLine(
    'weight_adjustment',
    owed,
    `Weight adjustment ${input.trackingNumber}: ${from} kg → ${to} kg`,
    `تعديل الوزن ${input.trackingNumber}: ${from} كغ ← ${to} كغ`,
  );
}

function grams(kg: number): number {
  return Math.round(kg * 1000);
}
