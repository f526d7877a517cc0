import 'reflect-metadata';
import { ApiProperty } from '@nestjs/swagger';
import { nullFieldViolations } from './null-fields';

class PieceDto {
  @ApiProperty() name?: string | null;
  @ApiProperty({ nullable: true }) note?: string | null;
}

class OrderDto {
  @ApiProperty() reference?: string | null;
  @ApiProperty({ nullable: true }) connection_id?: string | null;
  @ApiProperty({ type: [PieceDto] }) pieces?: Array<PieceDto | null>;
  @ApiProperty() inner?: PieceDto | null;
  /** A plain value (an Address) judges its own nulls. */
  @ApiProperty() address?: Record<string, unknown>;
}

const piece = (fields: Partial<PieceDto>) => Object.assign(new PieceDto(), fields);
const NOT_NULL = 'must not be null: leave the field out when there is no value';

describe('nullFieldViolations', () => {
  it('names every null the contract does not declare nullable, at any depth of request objects, in order', () => {
    const order = Object.assign(new OrderDto(), {
      reference: null,
      connection_id: null,
      pieces: [piece({ name: 'a', note: null }), null, piece({ name: null })],
      inner: piece({ name: null, note: null }),
      address: { city: null },
    });
    const found = nullFieldViolations(order);
    expect(found.map((p) => p.field)).toEqual(['reference', 'pieces.2.name', 'inner.name']);
    expect(found[0]).toEqual({ field: 'reference', reason: NOT_NULL, reason_ar: expect.stringContaining('null') });
    expect(nullFieldViolations([order], 'orders').map((p) => p.field)).toEqual([
      'orders.0.reference',
      'orders.0.pieces.2.name',
      'orders.0.inner.name',
    ]);
  });

  it('finds nothing in a body without nulls, in plain objects or in values', () => {
    expect(nullFieldViolations(Object.assign(new OrderDto(), { reference: 'R', pieces: [piece({ name: 'a' })] }))).toEqual([]);
    expect(nullFieldViolations({ reference: null })).toEqual([]);
    expect(nullFieldViolations(null)).toEqual([]);
    expect(nullFieldViolations('text')).toEqual([]);
  });
});
