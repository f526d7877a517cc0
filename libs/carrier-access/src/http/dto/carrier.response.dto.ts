import { ApiProperty } from '@nestjs/swagger';
import { CarrierDescriptor, SERVICE_MODES, ServiceLevelDescriptor } from '@lgw/kernel';

export class TransitDaysDto {
  @ApiProperty() min: number;
  @ApiProperty() max: number;
}

export class ServiceLevelDto {
  @ApiProperty() code: string;
  @ApiProperty() name_ar: string;
  @ApiProperty() name_en: string;
  @ApiProperty({ enum: [...SERVICE_MODES] }) mode: string;
  @ApiProperty({ type: TransitDaysDto }) transit_days: TransitDaysDto;
}

export class PickupHoursDto {
  @ApiProperty({ example: '09:00' }) from: string;
  @ApiProperty({ example: '17:00' }) to: string;
}

export class CarrierPickupsDto {
  @ApiProperty({ type: [Number], description: 'weekdays it collects on, 0 = Sunday … 6 = Saturday', example: [0, 1, 2, 3, 4, 6] })
  collection_days: readonly number[];
  @ApiProperty({ type: PickupHoursDto, description: 'Asia/Riyadh wall-clock hours the courier comes between' })
  hours: PickupHoursDto;
  slots: readonly PickupHoursDto[] | null;
  parcels: 'named' | 'counted';
}

/** The collection calendar, or null: inline, so that OpenAPI 3.0 can say "an object or null" (a real carrier may not collect). */
const PICKUPS_OR_NULL = {
  type: 'object',
  nullable: true,
  description: 'when it collects (POST /pickups); null: it does not',
  required: ['collection_days', 'hours', 'slots', 'parcels'],
  properties: {
    collection_days: {
      type: 'array',
      items: { type: 'number' },
      description: 'weekdays it collects on, 0 = Sunday … 6 = Saturday',
      example: [0, 1, 2, 3, 4, 6],
    },
    hours: {
      type: 'object',
      description: 'Asia/Riyadh wall-clock hours the courier comes between',
      required: ['from', 'to'],
      properties: { from: { type: 'string', example: '09:00' }, to: { type: 'string', example: '17:00' } },
    },
    slots: {
      type: 'array',
      nullable: true,
      description: 'the fixed slots it collects in (a window must lie within one); null: any window within hours',
      items: {
        type: 'object',
        required: ['from', 'to'],
        properties: { from: { type: 'string', example: '14:00' }, to: { type: 'string', example: '18:00' } },
      },
    },
    parcels: {
      type: 'string',
      enum: ['named', 'counted'],
      description: "named: the carrier is told each parcel's number; counted: how many parcels (the gateway keeps which)",
    },
  },
} as const;

/** Multi-piece bookings, or null: inline for the same reason as PICKUPS_OR_NULL. */
const PIECES_OR_NULL = {
  type: 'object',
  nullable: true,
  description: 'shipments of several parcels as pieces of one booking (docs/adr/0087); null: one parcel per booking only',
  required: ['max', 'numbering'],
  properties: {
    max: { type: 'number', description: 'the most pieces one booking may carry', example: 20 },
    numbering: {
      type: 'string',
      enum: ['carrier', 'gateway'],
      description: "carrier: each piece has the carrier's own tracking number; gateway: pieces are numbered <master>-<n>",
    },
  },
} as const;

export class CarrierPiecesDto {
  max: number;
  numbering: 'carrier' | 'gateway';
}

export class CarrierDto {
  @ApiProperty() code: string;
  @ApiProperty() name_ar: string;
  @ApiProperty() name_en: string;
  @ApiProperty({ enum: ['rest', 'rest_legacy', 'csv_batch'] }) integration_type: string;
  @ApiProperty({ type: [String] }) coverage_countries: readonly string[];
  @ApiProperty({ type: [ServiceLevelDto] }) service_levels: readonly ServiceLevelDto[];
  @ApiProperty(PICKUPS_OR_NULL as never)
  pickups: CarrierPickupsDto | null;
  @ApiProperty(PIECES_OR_NULL as never)
  pieces: CarrierPiecesDto | null;
}

export class CarrierListResponseDto {
  @ApiProperty({ type: [CarrierDto] }) carriers: readonly CarrierDto[];
}

export class CarrierRefDto {
  @ApiProperty() code: string;
  @ApiProperty() name_ar: string;
  @ApiProperty() name_en: string;
}

export class ServiceRefDto {
  @ApiProperty() code: string;
  @ApiProperty() name_ar: string;
  @ApiProperty() name_en: string;
  @ApiProperty({ enum: [...SERVICE_MODES] }) mode: string;
}

function toServiceLevelDto(level: ServiceLevelDescriptor): ServiceLevelDto {
  return {
    code: level.code,
    name_ar: level.name_ar,
    name_en: level.name_en,
    mode: level.mode,
    transit_days: { min: level.transit_days.min, max: level.transit_days.max },
  };
}

export function toCarrierDto(carrier: CarrierDescriptor): CarrierDto {
  return {
    code: carrier.code,
    name_ar: carrier.name_ar,
    name_en: carrier.name_en,
    integration_type: carrier.integration_type,
    coverage_countries: [...carrier.coverage_countries],
    service_levels: carrier.service_levels.map(toServiceLevelDto),
    pickups: carrier.capabilities.pickups
      ? {
          collection_days: [...carrier.capabilities.pickups.collectionDays],
          hours: { from: carrier.capabilities.pickups.hours.from, to: carrier.capabilities.pickups.hours.to },
          slots: carrier.capabilities.pickups.slots?.map((slot) => ({ from: slot.from, to: slot.to })) ?? null,
          parcels: carrier.capabilities.pickups.parcels ?? 'named',
        }
      : null,
    pieces: carrier.capabilities.pieces ? { max: carrier.capabilities.pieces.max, numbering: carrier.capabilities.pieces.numbering } : null,
  };
}

export function toCarrierRef(carrier: CarrierDescriptor): CarrierRefDto {
  return { code: carrier.code, name_ar: carrier.name_ar, name_en: carrier.name_en };
}

export function toServiceRef(level: ServiceLevelDescriptor): ServiceRefDto {
  return { code: level.code, name_ar: level.name_ar, name_en: level.name_en, mode: level.mode };
}
