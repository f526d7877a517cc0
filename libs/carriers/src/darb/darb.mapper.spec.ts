import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CarrierBookingRequest } from '@lgw/carrier-access';
import { formatCsv, parseCsv } from '../shared/csv';
import bookingRequest from './fixtures/booking-request.json';
import range from './fixtures/tracking-range.response.json';
import {
  darbRefusal,
  formatDarbTrackingNumber,
  fromDarbStatusRow,
  toDarbAddressChangeRow,
  toDarbOrderRow,
  toDarbProduct,
} from './darb.mapper';
import { DARB_ORDER_COLUMNS, DarbOrderResultRow, DarbStatusRow } from './darb.wire-types';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const request = bookingRequest as CarrierBookingRequest;

describe('darb mapper', () => {
  it('numbers orders from the assigned range', () => {
    expect(formatDarbTrackingNumber(range, range.first)).toBe('DRB17952506855270');
    expect(formatDarbTrackingNumber({ prefix: 'DRB', digits: 14 }, 42)).toBe('DRB00000000000042');
  });

  it('writes the recorded order file line', async () => {
    const row = toDarbOrderRow(request, toDarbProduct(request.serviceCode)!, 'DRB17952506855270');
    expect(await formatCsv(DARB_ORDER_COLUMNS, [row])).toBe(fixture('order-file.csv'));
  });

  it('sums weights as grams: 0.1 + 0.2 is 0.3, and takes the largest piece', () => {
    const row = toDarbOrderRow(request, 'STD', 'DRB1');
    expect(row).toMatchObject({ pieces: '2', weight_kg: '0.3', length_cm: '40', width_cm: '30', height_cm: '20' });
  });

  it('leaves money columns empty when there is nothing to declare or collect', () => {
    const row = toDarbOrderRow({ ...request, codAmountHalalas: undefined, declaredValueHalalas: undefined }, 'STD', 'DRB1');
    expect(row.cod_sar).toBe('');
    expect(row.declared_value_sar).toBe('');
  });

  it('writes an address change line', () => {
    expect(toDarbAddressChangeRow('DRB1', { city: 'Dammam', country: 'sa', short_address: 'DDMA1234' })).toMatchObject({
      tracking_number: 'DRB1',
      consignee_city: 'Dammam',
      consignee_country: 'SA',
      consignee_short_address: 'DDMA1234',
      consignee_name: '',
    });
  });

  it('reads the recorded result file', async () => {
    const rows = (await parseCsv(fixture('order-result.csv'))) as unknown as DarbOrderResultRow[];
    expect(rows.map((r) => [r.result, r.error_code])).toEqual([
      ['ACCEPTED', ''],
      ['DUPLICATE', ''],
      ['REJECTED', 'OUT_OF_COVERAGE'],
      ['REJECTED', 'TRACKING_NUMBER_NOT_ISSUED'],
    ]);
  });

  it('maps the recorded status feed: Riyadh times, exceptions, weights, unknown codes', async () => {
    const rows = (await parseCsv(fixture('status-feed.csv'))) as unknown as DarbStatusRow[];
    const events = rows.map(fromDarbStatusRow);
    expect(events.map((e) => e?.status)).toEqual([
      'PICKED_UP',
      'EXCEPTION_ADDRESS_ISSUE',
      'EXCEPTION_WEIGHT_MISMATCH',
      null,
      'DELIVERED',
      undefined,
    ]);
    expect(events[0]).toEqual({
      trackingNumber: 'DRB17952506855270',
      eventId: '3b6f1c2a7be0d44a',
      carrierStatus: 'PUP',
      status: 'PICKED_UP',
      locationEn: 'Riyadh',
      locationAr: 'الرياض',
      occurredAt: new Date('2025-03-01T10:15:42Z'),
    });
    expect(events[1]).toMatchObject({ exceptionType: 'ADDRESS_ISSUE' });
    expect(events[2]).toMatchObject({ exceptionType: 'WEIGHT_MISMATCH', measuredWeightKg: 2.35 });
    expect(events[3]).toMatchObject({ carrierStatus: 'XYZ', status: null });
    expect(events[3]).not.toHaveProperty('locationEn');
    // The last line has an unreadable time and is dropped rather than guessed.
    expect(events[5]).toBeNull();
  });

  it('reads a refusal as its error and message, and none from a body without them', () => {
    expect(darbRefusal({ error: 'range_exhausted', message: 'Request a new range' })).toBe('range_exhausted - Request a new range');
    expect(darbRefusal({ error: 'invalid_api_key' })).toBe('invalid_api_key');
    for (const body of [undefined, null, 'text', {}, { error: 42 }]) expect(darbRefusal(body)).toBeUndefined();
  });
});
