import { Money, parseRateCard } from '@lgw/kernel';
import { EXPRESS_CARD_JSON, priceQuote } from '@lgw/rating';
import { chargeWithoutVat } from '../application/rate-card-charge';
import { bookingLines, cancellationCredit, returnFee, weightAdjustment } from './billing-charges';
import { vatOf } from './billing-line';
import { invoiceTotals } from './invoice-totals';

const card = parseRateCard(EXPRESS_CARD_JSON);

const shipment = { trackingNumber: 'T1', chargeHalalas: 2233, codAmountHalalas: null };

describe('billing charges', () => {
  it('bills a booking at its quoted charge, VAT as the quote computed it', () => {
    const quote = priceQuote(card, 1.5);
    const charge = chargeWithoutVat(card, 1.5);
    const [line] = bookingLines({ ...shipment, chargeHalalas: charge.halalas });
    expect(line.cause).toBe('shipment');
    expect(line.amount.add(line.vat).equals(quote.total)).toBe(true);
  });

  it('adds a COD fee of 1.5 % with a 5 SAR floor', () => {
    expect(bookingLines({ ...shipment, codAmountHalalas: 100_000 })[1]).toMatchObject({ cause: 'cod_fee', amount: Money.ofHalalas(1500) });
    expect(bookingLines({ ...shipment, codAmountHalalas: 12_550 })[1].amount.halalas).toBe(500);
    expect(bookingLines({ ...shipment, codAmountHalalas: 0 })).toHaveLength(1);
  });

  it('credits exactly the shipment line, VAT included', () => {
    const [line] = bookingLines(shipment);
    const credit = cancellationCredit(shipment);
    expect(credit.amount.halalas).toBe(-line.amount.halalas);
    expect(credit.vat.halalas).toBe(-line.vat.halalas);
    expect(
      invoiceTotals(
        [line, credit].map((l) => ({ cause: l.cause, amountHalalas: l.amount.halalas, vatHalalas: l.vat.halalas })),
      ).total.isZero(),
    ).toBe(true);
  });

  it('charges a return at the forward price', () => {
    expect(returnFee(shipment)).toMatchObject({ cause: 'return_fee', amount: Money.ofHalalas(2233) });
  });

  describe('weight adjustment on the same rate card', () => {
    const base = {
      trackingNumber: 'T1',
      priceWithoutVat: (kg: number) => chargeWithoutVat(card, kg),
      quotedChargeableKg: 1.5,
      declaredKg: 1.2,
      alreadyAdjustedHalalas: 0,
    };

    it('bills the price difference without VAT when the measured weight needs a higher chargeable weight', () => {
      const line = weightAdjustment({ ...base, measuredKg: 3.2 });
      expect(line?.amount.equals(chargeWithoutVat(card, 3.5).subtract(chargeWithoutVat(card, 1.5)))).toBe(true);
      expect(line?.vat.equals(vatOf(line.amount))).toBe(true);
    });

    it('bills nothing at or below the declared weight, or within the quoted chargeable weight', () => {
      expect(weightAdjustment({ ...base, measuredKg: 1.2 })).toBeNull();
      expect(weightAdjustment({ ...base, measuredKg: 1.0 })).toBeNull();
      expect(weightAdjustment({ ...base, measuredKg: 1.45 })).toBeNull();
    });

    it('bills only what earlier adjustments did not', () => {
      const first = weightAdjustment({ ...base, measuredKg: 3.2 })!;
      expect(weightAdjustment({ ...base, measuredKg: 3.2, alreadyAdjustedHalalas: first.amount.halalas })).toBeNull();
      const more = weightAdjustment({ ...base, measuredKg: 6, alreadyAdjustedHalalas: first.amount.halalas })!;
      expect(first.amount.add(more.amount).equals(chargeWithoutVat(card, 6).subtract(chargeWithoutVat(card, 1.5)))).toBe(true);
    });
  });
});
