import 'reflect-metadata';
import { ValidationError } from '@lgw/kernel';
import { AddressRequestDto } from '@lgw/addresses';
import { CancelShipmentRequestDto, CreateShipmentRequestDto } from '@lgw/shipping';
import { TestEventRequestDto } from '@lgw/tracking/http/dto/test-mode.dto';
import { createValidationPipe } from './validation.pipe';

const RIYADH = { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929' };
const PARCEL = { weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 };

interface Refusal {
  field?: string;
  reason?: string;
  errors?: { field: string; reason: string; reason_ar?: string }[];
}

async function refusal(metatype: unknown, value: unknown): Promise<Refusal> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype: metatype as never });
  } catch (error) {
    if (error instanceof ValidationError) return error.details as { field: string; reason: string };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the validation gate', () => {
  it('reports shape errors of any field before the rules of an address', async () => {
    const body = { quote_id: 'q', origin: { city: 'Riyadh' }, destination: RIYADH, parcels: [{ ...PARCEL, weight_kg: 0 }] };
    expect(await refusal(CreateShipmentRequestDto, body)).toMatchObject({
      field: 'parcels.0.weight_kg',
      reason: 'must be a positive number',
    });
    expect(await refusal(CreateShipmentRequestDto, { ...body, parcels: [PARCEL] })).toMatchObject({
      field: 'origin.country',
      reason: 'is required',
    });
  });

  it('names a missing field as required, not by the first rule of its type it fails', async () => {
    expect(await refusal(TestEventRequestDto, { status: 'EXCEPTION' })).toMatchObject({
      field: 'code',
      reason: 'is required',
      errors: [{ field: 'code', reason: 'is required', reason_ar: 'حقل مطلوب' }],
    });
    expect(await refusal(TestEventRequestDto, { code: 'x'.repeat(201) })).toMatchObject({
      field: 'code',
      reason: 'must be at most 200 characters',
    });
  });

  it('lists every problem of a request, the first one also on its own', async () => {
    const body = { quote_id: 7, origin: RIYADH, destination: RIYADH, parcels: [{ ...PARCEL, weight_kg: 0, height_cm: -1 }] };
    const refused = await refusal(CreateShipmentRequestDto, body);
    expect(refused.errors?.map((e) => e.field)).toEqual(['quote_id', 'parcels.0.weight_kg', 'parcels.0.height_cm']);
    expect(refused).toMatchObject({ field: 'quote_id', reason: refused.errors?.[0].reason });
  });

  it('lists every problem of a whole-Address body', async () => {
    const refused = await refusal(AddressRequestDto, { country: 'SA', postal_code: '12' });
    expect(refused.errors?.length).toBeGreaterThan(1);
    expect(refused.errors?.[0]).toMatchObject({ field: refused.field, reason: refused.reason });
  });

  it('yields a typed command with addresses in their stored form', async () => {
    const body = { quote_id: 'q', origin: { ...RIYADH, country: 'sa' }, destination: RIYADH, parcels: [PARCEL], unknown: 1 };
    const dto = (await createValidationPipe().transform(body, {
      type: 'body',
      metatype: CreateShipmentRequestDto,
    })) as CreateShipmentRequestDto;
    const command = dto.toCommand('team-1');
    expect(command.origin.country).toBe('SA');
    expect(command).toMatchObject({ teamId: 'team-1', quoteId: 'q', parcels: [PARCEL] });
    expect(dto).not.toHaveProperty('unknown');
  });

  it('judges a whole-Address body with the Address field names', async () => {
    expect(await refusal(AddressRequestDto, { ...RIYADH, postal_code: '12' })).toMatchObject({ field: 'postal_code' });
    expect(await refusal(AddressRequestDto, [])).toMatchObject({ field: 'body', reason: 'must be an Address object' });
  });

  it('refuses a cancel body that is not an object, and a reason that is too long', async () => {
    expect(await refusal(CancelShipmentRequestDto, ['x'])).toMatchObject({ field: 'body' });
    expect(await refusal(CancelShipmentRequestDto, { reason: 'x'.repeat(501) })).toMatchObject({
      field: 'reason',
      reason: 'must be a string of at most 500 characters',
    });
    const none = (await createValidationPipe().transform(undefined, {
      type: 'body',
      metatype: CancelShipmentRequestDto,
    })) as CancelShipmentRequestDto;
    expect(none.toCommand('t', 's')).toEqual({ teamId: 't', shipmentId: 's', reason: null });
  });

  it('refuses control characters in any text of a body, a query parameter or a path parameter', async () => {
    const body = { quote_id: 'q', origin: RIYADH, destination: RIYADH, parcels: [PARCEL], reference: 'A\u0000' };
    expect(await refusal(CreateShipmentRequestDto, body)).toMatchObject({
      field: 'reference',
      reason: 'must not contain control characters or unpaired surrogates',
      reason_ar: expect.stringMatching(/[\u0600-\u06ff]/),
    });
    expect(await refusal(CancelShipmentRequestDto, { reason: 'line\nbreak' })).toMatchObject({ field: 'reason' });
    const pipe = createValidationPipe();
    await expect(pipe.transform('1\u0000', { type: 'query', data: 'limit', metatype: String })).rejects.toMatchObject({
      code: 'E_VALIDATION',
      details: { field: 'limit' },
    });
    await expect(pipe.transform('id\u0001', { type: 'param', data: 'id', metatype: String })).rejects.toMatchObject({
      code: 'E_NOT_FOUND',
    });
    expect(await pipe.transform('الرياض 😀', { type: 'query', data: 'q', metatype: String })).toBe('الرياض 😀');
  });
});
