import { BilledShipment } from '../domain/billing-charges';
import { QuotedPriceLines } from '@lgw/shipping';

/**
 * What a shipment is billed on: the price lines stored with it at booking (the charge without
 * VAT, and the cash on delivery fee its quote showed, docs/adr/0043), or `chargeFromCard` for a
 * shipment booked before the lines were kept. The billing job and batch bookings, which write
 * their ledger lines themselves (docs/adr/0067), bill alike through it.
 */
export function billedShipment(
  shipment: { readonly trackingNumber: string; readonly codAmountHalalas: number | null; readonly quotedLines?: QuotedPriceLines | null },
  chargeFromCard: () => number,
): BilledShipment {
  const q = shipment.quotedLines;
  return {
    trackingNumber: shipment.trackingNumber,
    chargeHalalas: q ? q.base + q.weight_charge + q.fuel_surcharge : chargeFromCard(),
    codAmountHalalas: shipment.codAmountHalalas,
    ...(q?.cod_fee !== undefined ? { quotedCodFeeHalalas: q.cod_fee } : {}),
  };
}
