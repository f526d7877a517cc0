import { linesOnDocument, planDocuments } from './einvoice-composition';
import { UninvoicedLine } from './einvoicing.ports';

const line = (id: string, shipmentId: string, cause: string, amountHalalas: number, credited?: string): UninvoicedLine => ({
  id,
  shipmentId,
  trackingNumber: `T${shipmentId}`,
  cause,
  amountHalalas,
  descriptionEn: cause,
  descriptionAr: cause,
  periodStart: '2026-11-01',
  creditedDocument: credited ? { id: credited, number: `N-${credited}` } : undefined,
});

describe('planDocuments', () => {
  it('puts the charges on one invoice', () => {
    const plans = planDocuments([line('1', 'a', 'shipment', 1000), line('2', 'a', 'cod_fee', 500), line('3', 'b', 'shipment', 700)]);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ kind: 'invoice' });
    expect(plans[0].lines.map((l) => l.id)).toEqual(['1', '2', '3']);
  });

  it('nets out a booking cancelled before it was invoiced (both settled, neither listed)', () => {
    const plans = planDocuments([
      line('1', 'a', 'shipment', 1000),
      line('2', 'a', 'cancellation_credit', -1000),
      line('3', 'b', 'shipment', 700),
    ]);
    expect(plans).toHaveLength(1);
    expect(plans[0].lines.map((l) => l.id)).toEqual(['3']);
    expect(plans[0].netted.map((l) => l.id)).toEqual(['1', '2']);
  });

  it('turns credits of invoiced shipments into one credit note per invoice', () => {
    const plans = planDocuments([
      line('1', 'a', 'cancellation_credit', -1000, 'inv1'),
      line('2', 'b', 'cancellation_credit', -700, 'inv2'),
      line('3', 'c', 'cancellation_credit', -300, 'inv1'),
    ]);
    expect(plans.map((p) => [p.kind, p.reference?.id, p.lines.map((l) => l.id)])).toEqual([
      ['credit_note', 'inv1', ['1', '3']],
      ['credit_note', 'inv2', ['2']],
    ]);
  });

  it('lets a credit wait while its shipment line is neither invoiced nor in the batch', () => {
    expect(planDocuments([line('1', 'a', 'cancellation_credit', -1000)])).toEqual([]);
  });
});

describe('linesOnDocument', () => {
  it('gives back what the invoice listed when it was composed: the settled lines less those it netted out', () => {
    const settled = [
      line('1', 'a', 'shipment', 1000),
      line('2', 'a', 'cod_fee', 500),
      line('3', 'b', 'shipment', 700),
      line('4', 'b', 'cancellation_credit', -700),
      line('5', 'c', 'weight_adjustment', 0),
    ];
    const [plan] = planDocuments(settled);
    expect(linesOnDocument('invoice', [...plan.lines, ...plan.netted]).map((l) => l.id)).toEqual(plan.lines.map((l) => l.id));
    expect(linesOnDocument('invoice', settled).map((l) => l.id)).toEqual(['1', '2']);
  });

  it('lists every credit of a credit note', () => {
    const credits = [line('1', 'a', 'cancellation_credit', -1000), line('2', 'b', 'cancellation_credit', -700)];
    expect(linesOnDocument('credit_note', credits)).toEqual(credits);
  });
});
