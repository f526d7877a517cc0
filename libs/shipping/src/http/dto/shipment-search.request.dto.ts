import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { MAX_PAGE_SIZE, ShipmentFilterText } from '../../application/list-shipments/list-shipments.use-case';
import { isShipmentStatus, SHIPMENT_STATUSES, riyadhDayStart } from '@lgw/kernel';
import { OnlyKnownParameters } from '@lgw/http-api';

/**
 * One query parameter, given once as text, that passes `check`; otherwise `reason`. The use case
 * judges the same again (it is the rule's owner); here every parameter is judged in one pass,
 * so a request hears of all its wrong parameters at once, unknown ones included.
 */
function QueryText(check: (value: string) => boolean, reason: string): PropertyDecorator {
  return ValidateBy({
    name: 'queryText',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && (value === '' || check(value)),
      defaultMessage: (args) => (typeof args?.value === 'string' ? reason : 'must be given once, as text'),
    },
  });
}

const isInteger = (min: number, max: number) => (v: string) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max;
const LIMIT = QueryText(isInteger(1, MAX_PAGE_SIZE), `must be an integer between 1 and ${MAX_PAGE_SIZE}`);
const OFFSET = QueryText(isInteger(0, Number.MAX_SAFE_INTEGER), `must be an integer between 0 and ${Number.MAX_SAFE_INTEGER}`);
const DAY_RULE = QueryText((v) => riyadhDayStart(v) !== null, 'must be a calendar date YYYY-MM-DD (Asia/Riyadh)');
const SHORT = QueryText((v) => v.trim().length <= 64, 'must be at most 64 characters');
const ANY = QueryText(() => true, '');
const DAY = { type: String, format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const FILTERS = ['status', 'q', 'carrier', 'created_from', 'created_to', 'destination_city'] as const;

/**
 * The filters of GET /shipments and GET /shipments/export.csv. Only their shape is judged here
 * (one text value each, no unknown parameter); what they mean is the use case's.
 */
@OnlyKnownParameters(FILTERS)
export class ShipmentFilterQueryDto implements ShipmentFilterText {
  @ApiPropertyOptional({ enum: SHIPMENT_STATUSES })
  @IsOptional()
  @QueryText(isShipmentStatus, 'must be one of the shipment statuses')
  status?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 64,
    description:
      "Tracking number, the caller's reference, the recipient's phone (also typed locally, 05…) or the gateway's reference (LGW…): exact or prefix.",
    example: 'SAHM',
  })
  @IsOptional()
  @SHORT
  q?: string;

  @ApiPropertyOptional({ type: String, description: 'Carrier code (GET /carriers).', example: 'sahm' })
  @IsOptional()
  @ANY
  carrier?: string;

  @ApiPropertyOptional({ ...DAY, description: 'First day of creation, YYYY-MM-DD in Asia/Riyadh (inclusive).', example: '2026-11-01' })
  @IsOptional()
  @DAY_RULE
  created_from?: string;

  @ApiPropertyOptional({ ...DAY, description: 'Last day of creation, YYYY-MM-DD in Asia/Riyadh (inclusive).', example: '2026-11-30' })
  @IsOptional()
  @DAY_RULE
  created_to?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 64,
    description: 'Destination city, whole name: any case, with or without the article, Arabic or Latin spelling (جدة finds Jeddah).',
    example: 'Jeddah',
  })
  @IsOptional()
  @SHORT
  destination_city?: string;
}

/** A page of a list: limit and offset. */
@OnlyKnownParameters(['limit', 'offset'])
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })
  @IsOptional()
  @LIMIT
  limit?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0 })
  @IsOptional()
  @OFFSET
  offset?: string;
}

/** GET /shipments: the filters and the page. */
@OnlyKnownParameters([...FILTERS, 'limit', 'offset'])
export class ShipmentListQueryDto extends IntersectionType(ShipmentFilterQueryDto, PageQueryDto) {}
