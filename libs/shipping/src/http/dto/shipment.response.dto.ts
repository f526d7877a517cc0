import { ApiProperty } from '@nestjs/swagger';
import { API_MODES, ApiMode, EXCEPTION_TYPES, SHIPMENT_STATUSES } from '@lgw/kernel';
import { COD_STATUSES } from '@lgw/cod';
import { SHIPMENT_WARNING_CODES, AddressRequestDto } from '@lgw/addresses';
import { CarrierRefDto, ServiceRefDto } from '@lgw/carrier-access';
import { ParcelRequestDto, INCOTERMS } from '@lgw/rating';

export class WarningDto {
  @ApiProperty({ enum: [...SHIPMENT_WARNING_CODES] })
  code: string;
  @ApiProperty() message_en: string;
  @ApiProperty() message_ar: string;
}

/** A shipment's cash on delivery, or null: inline, so that OpenAPI 3.0 can say "an object or null". */
const SHIPMENT_COD_SCHEMA = {
  type: 'object',
  nullable: true,
  description: 'cash on delivery; null without it',
  required: ['amount_sar', 'fee_sar', 'status', 'collected_sar', 'collected_at', 'remittance_id'],
  properties: {
    amount_sar: { type: 'number' },
    fee_sar: { type: 'number', description: 'the cod_fee line of the quote' },
    status: { type: 'string', enum: [...COD_STATUSES] },
    collected_sar: { type: 'number', nullable: true, description: 'what the carrier reports it collected at delivery' },
    collected_at: { type: 'string', format: 'date-time', nullable: true },
    remittance_id: { type: 'string', format: 'uuid', nullable: true, description: 'GET /cod/remittances/{id}' },
  },
} as const;

export interface ShipmentCod {
  amount_sar: number;
  fee_sar: number;
  status: string;
  collected_sar: number | null;
  collected_at: string | null;
  remittance_id: string | null;
}

/** Why the carrier returned the shipment, or null: inline, as the COD schema, for "an object or null". */
const RETURN_REASON_SCHEMA = {
  type: 'object',
  nullable: true,
  description: 'why the carrier returned the shipment to its origin; null while it has not, or when the carrier gave no reason',
  required: ['code', 'message_en', 'message_ar'],
  properties: {
    code: {
      type: 'string',
      enum: [...EXCEPTION_TYPES],
      description: 'the exception the carrier reported last before it sent the parcel back',
    },
    message_en: { type: 'string' },
    message_ar: { type: 'string' },
  },
} as const;

export interface ShipmentReturnReason {
  code: string;
  message_en: string;
  message_ar: string;
}

export class ShipmentDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: API_MODES, description: 'live, or test for what a test key made (docs/test-mode.md)' }) mode: ApiMode;
  @ApiProperty() tracking_number: string;
  @ApiProperty({ description: "the gateway's own reference for the shipment" }) service_reference: string;
  @ApiProperty({ type: String, nullable: true, description: "the caller's order reference" }) reference: string | null;
  @ApiProperty({ enum: SHIPMENT_STATUSES }) status: string;
  @ApiProperty() status_ar: string;
  @ApiProperty() status_en: string;
  @ApiProperty({ type: CarrierRefDto }) carrier: CarrierRefDto;
  @ApiProperty({ type: ServiceRefDto }) service: ServiceRefDto;
  @ApiProperty({ type: AddressRequestDto }) origin: AddressRequestDto;
  @ApiProperty({ type: AddressRequestDto }) destination: AddressRequestDto;
  @ApiProperty({ type: [ParcelRequestDto] }) parcels: readonly ParcelRequestDto[];
  @ApiProperty({ type: Number, nullable: true }) declared_value_sar: number | null;
  @ApiProperty({ type: String, nullable: true, enum: [...INCOTERMS, null] }) incoterm: string | null;
  @ApiProperty({ type: [String] }) hs_codes: readonly string[];
  @ApiProperty({ type: Number, nullable: true }) cod_amount_sar: number | null;
  @ApiProperty({ example: '/api/v1/labels/<shipment_id>' }) label_url: string;
  @ApiProperty({ type: [WarningDto] }) warnings: readonly WarningDto[];
  @ApiProperty() quoted_total_sar: number;
  @ApiProperty({ format: 'date-time' }) estimated_delivery_at: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty(SHIPMENT_COD_SCHEMA as never) cod: ShipmentCod | null;
  @ApiProperty({ description: 'a customer return (POST /shipments/{id}/return)' }) is_return: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'the delivered shipment a return brings back' }) return_of: string | null;
  @ApiProperty(RETURN_REASON_SCHEMA as never) return_reason: ShipmentReturnReason | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when it was cancelled; null otherwise' })
  cancelled_at: string | null;
}

export class ShipmentListResponseDto {
  @ApiProperty({ type: [ShipmentDto] }) shipments: readonly ShipmentDto[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}

export class CancellationResponseDto {
  @ApiProperty() id: string;
  @ApiProperty() tracking_number: string;
  @ApiProperty({ enum: ['CANCELLED'] }) status: string;
  @ApiProperty() status_ar: string;
  @ApiProperty() status_en: string;
  @ApiProperty({ format: 'date-time' }) cancelled_at: string;
}
