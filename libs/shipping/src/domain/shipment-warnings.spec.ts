import { AddressProps, SHIPMENT_WARNING_CODES } from '@lgw/kernel';
import { ShipmentWarningInput, isCrossBorder, shipmentWarnings } from './shipment-warnings';
import { ADDRESS_WARNING_CODES } from '@lgw/addresses';

const now = new Date('2025-03-01T10:00:00+03:00');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const riyadh: AddressProps = { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' };
const jeddah: AddressProps = { city: 'Jeddah', country: 'SA', postal_code: '21577', additional_number: '4455', phone: '966598765432' };
const dubai: AddressProps = { city: 'Dubai', country: 'AE', phone: '971501234567' };
const cairo: AddressProps = { city: 'Cairo', country: 'EG', phone: '201001234567' };

const domestic: ShipmentWarningInput = { lane: 'domestic', origin: riyadh, destination: jeddah, quoteExpiresAt: inMinutes(10), now };
const international: ShipmentWarningInput = {
  lane: 'international',
  origin: riyadh,
  destination: cairo,
  hs_codes: ['610910'],
  declared_value: 250,
  quoteExpiresAt: inMinutes(10),
  now,
};
const codes = (input: ShipmentWarningInput) => shipmentWarnings(input).map((w) => w.code);

describe('shipmentWarnings', () => {
  it('says nothing about a complete request', () => {
    expect(shipmentWarnings(domestic)).toEqual([]);
    expect(shipmentWarnings(international)).toEqual([]);
  });

  it('HS_CODES_MISSING and DECLARED_VALUE_MISSING on a cross-border lane', () => {
    expect(codes({ ...international, hs_codes: undefined, declared_value: undefined })).toEqual([
      'HS_CODES_MISSING',
      'DECLARED_VALUE_MISSING',
    ]);
    expect(codes({ ...international, hs_codes: [], declared_value: null })).toEqual(['HS_CODES_MISSING', 'DECLARED_VALUE_MISSING']);
    expect(codes({ ...international, hs_codes: ['  '], declared_value: 0 })).toEqual(['HS_CODES_MISSING', 'DECLARED_VALUE_MISSING']);
  });

  it('GCC lanes cross a border too', () => {
    expect(codes({ ...domestic, lane: 'gcc', destination: dubai })).toEqual(['HS_CODES_MISSING', 'DECLARED_VALUE_MISSING']);
  });

  it('never asks for customs data on a domestic lane', () => {
    expect(codes({ ...domestic, hs_codes: [], declared_value: undefined })).toEqual([]);
  });

  it('DESTINATION_PHONE_MISSING', () => {
    expect(codes({ ...domestic, destination: { ...jeddah, phone: undefined } })).toEqual(['DESTINATION_PHONE_MISSING']);
    expect(codes({ ...domestic, destination: { ...jeddah, phone: ' ' } })).toEqual(['DESTINATION_PHONE_MISSING']);
  });

  it('ORIGIN_NOT_NORMALISED names the missing National Address fields', () => {
    const [warning] = shipmentWarnings({ ...domestic, origin: { city: 'Riyadh', country: 'SA', postal_code: '12271' } });
    expect(warning.code).toBe('ORIGIN_NOT_NORMALISED');
    expect(warning.message_en).toContain('short_address, additional_number');
    expect(warning.message_ar).toContain('short_address');
  });

  it('ORIGIN_NOT_NORMALISED only for a Saudi origin', () => {
    expect(codes({ ...international, origin: { city: 'Dubai', country: 'AE' }, destination: riyadh })).toEqual([]);
  });

  it('QUOTE_NEAR_EXPIRY within 2 minutes of expiry', () => {
    expect(codes({ ...domestic, quoteExpiresAt: inMinutes(2.01) })).toEqual([]);
    expect(codes({ ...domestic, quoteExpiresAt: inMinutes(2) })).toEqual(['QUOTE_NEAR_EXPIRY']);
    expect(codes({ ...domestic, quoteExpiresAt: inMinutes(0.5).toISOString() })).toEqual(['QUOTE_NEAR_EXPIRY']);
    expect(shipmentWarnings({ ...domestic, quoteExpiresAt: inMinutes(4) }, 5 * 60_000).map((w) => w.code)).toEqual(['QUOTE_NEAR_EXPIRY']);
  });

  it('lists every warning in a fixed order, each in English and Arabic', () => {
    const warnings = shipmentWarnings({
      lane: 'international',
      origin: { city: 'Riyadh', country: 'SA' },
      destination: { city: 'Cairo', country: 'EG' },
      quoteExpiresAt: inMinutes(1),
      now,
    });
    // The National Address warnings come from verification against the register (national-address.spec.ts).
    const fromBooking = SHIPMENT_WARNING_CODES.filter((code) => !(ADDRESS_WARNING_CODES as readonly string[]).includes(code));
    expect(warnings.map((w) => w.code)).toEqual(fromBooking);
    for (const warning of warnings) {
      expect(warning.message_en).toMatch(/^[\x20-\x7e]+$/);
      expect(warning.message_ar).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('isCrossBorder trusts differing countries even when the lane says domestic', () => {
    expect(isCrossBorder({ lane: 'domestic', origin: riyadh, destination: jeddah })).toBe(false);
    expect(isCrossBorder({ lane: 'domestic', origin: riyadh, destination: dubai })).toBe(true);
    expect(isCrossBorder({ lane: 'gcc', origin: riyadh, destination: dubai })).toBe(true);
  });
});
