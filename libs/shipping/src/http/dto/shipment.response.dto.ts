import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { API_MODES, ApiMode, EXCEPTION_TYPES, PROOF_METHODS, SHIPMENT_STATUSES, COD_STATUSES, SHIPMENT_WARNING_CODES } from '@lgw/kernel';
import { AddressRequestDto } from '@lgw/addresses';
import { CarrierRefDto, ServiceRefDto } from '@lgw/carrier-access';
import { ParcelRequestDto, INCOTERMS } from '@lgw/rating';
import { DELIVERY_ISSUE_ACTIONS, DELIVERY_ISSUE_KINDS, DELIVERY_ISSUE_STATUSES } from '../../domain/delivery-issue';
import type { DeliveryIssueView, ProofOfDeliveryView } from '../../application/shipment.view';

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

/** Shipment `proof_of_delivery` (docs/adr/0088), or null: inline, as the COD schema, for "an object or null". */
export const PROOF_OF_DELIVERY_SCHEMA = {
  type: 'object',
  nullable: true,
  description:
    "who took the parcel and how the courier proved it, from the carrier's delivery scan; null until delivered, and where the carrier reports nothing",
  required: ['method', 'received_by', 'photo_url', 'at'],
  properties: {
    method: {
      type: 'string',
      enum: [...PROOF_METHODS],
      description: 'OTP: a one-time code the recipient gave; SIGNATURE; PHOTO; NONE: the carrier names who took it but no proof',
    },
    received_by: { type: 'string', nullable: true, description: 'the name the courier recorded; null where the carrier gives none' },
    photo_url: { type: 'string', nullable: true, format: 'uri', description: "the carrier's https link to its photo of the hand-over" },
    at: { type: 'string', format: 'date-time', description: 'when the carrier says it was delivered' },
  },
};

/** The shipment's delivery issue, or null: inline, as the COD schema, for "an object or null". */
export const DELIVERY_ISSUE_SCHEMA = {
  type: 'object',
  nullable: true,
  description:
    'the delivery that did not happen and what may be done about it (POST /shipments/{id}/delivery-issue/actions); null without one',
  required: [
    'id',
    'kind',
    'status',
    'attempts',
    'carrier_reason_en',
    'carrier_reason_ar',
    'opened_at',
    'deadline_at',
    'actions_allowed',
    'actions',
  ],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: [...DELIVERY_ISSUE_KINDS] },
    status: { type: 'string', enum: [...DELIVERY_ISSUE_STATUSES] },
    attempts: { type: 'integer', description: 'failed deliveries since the issue opened' },
    carrier_reason_en: { type: 'string' },
    carrier_reason_ar: { type: 'string' },
    opened_at: { type: 'string', format: 'date-time' },
    deadline_at: {
      type: 'string',
      format: 'date-time',
      description: "after it (or after the team's auto_return_after_attempts) the parcel goes back",
    },
    actions_allowed: { type: 'array', items: { type: 'string', enum: [...DELIVERY_ISSUE_ACTIONS] } },
    actions: {
      type: 'array',
      description: 'what was asked, and whether it reached the carrier through its API (carrier) or as an instruction',
      items: {
        type: 'object',
        required: ['action', 'via', 'by', 'at', 'reattempt_date', 'note'],
        properties: {
          action: { type: 'string', enum: [...DELIVERY_ISSUE_ACTIONS] },
          via: { type: 'string', enum: ['carrier', 'instruction'] },
          by: { type: 'string', enum: ['merchant', 'recipient', 'gateway'] },
          at: { type: 'string', format: 'date-time' },
          reattempt_date: { type: 'string', format: 'date', nullable: true },
          note: { type: 'string', nullable: true },
        },
      },
    },
  },
} as const;

/** One piece of a multi-piece shipment (DESIGN §7, docs/adr/0087). */
export class ShipmentPieceDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 20, description: 'n of "n/N" on its label page, in the order of the parcels' })
  number: number;
  @ApiProperty({
    description:
      "the piece's own tracking number: the carrier's where it numbers pieces, else <tracking_number>-<number>; its label page's barcode and QR code",
  })
  tracking_number: string;
  @ApiProperty({ description: 'the weight declared for its parcel' }) weight_kg: number;
  @ApiProperty({
    enum: SHIPMENT_STATUSES,
    description: "where the piece is: its own status once its carrier reported one for it, else the shipment's",
  })
  status: string;
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
  @ApiPropertyOptional({
    type: [ShipmentPieceDto],
    minItems: 2,
    maxItems: 20,
    description:
      "a shipment of 2 to 20 parcels: one piece per parcel, each with its own tracking number and label page marked n/N; tracking_number is the master's, and status the pieces' roll-up (docs/adr/0087). Absent for a shipment of one parcel",
  })
  pieces?: readonly ShipmentPieceDto[];
  @ApiProperty({ type: Number, nullable: true }) declared_value_sar: number | null;
  @ApiProperty({ type: String, nullable: true, enum: [...INCOTERMS, null] }) incoterm: string | null;
  @ApiProperty({ type: [String] }) hs_codes: readonly string[];
  @ApiProperty({ type: Number, nullable: true }) cod_amount_sar: number | null;
  @ApiProperty({ example: '/api/v1/labels/<shipment_id>' }) label_url: string;
  @ApiProperty({ type: [WarningDto] }) warnings: readonly WarningDto[];
  @ApiProperty() quoted_total_sar: number;
  @ApiProperty({
    format: 'date-time',
    description:
      'The promise made at booking: the last moment (Riyadh) of the estimated_delivery_date the shipment was booked with; scans do not move it',
  })
  estimated_delivery_at: string;
  @ApiProperty({
    format: 'date',
    example: '2026-12-02',
    description:
      "when it should arrive: an Asia/Riyadh date counted in the carrier's delivery days (no Fridays nor public holidays); re-estimated on scans, a later one is a delay (shipment.delayed)",
  })
  estimated_delivery_date: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    example: 'https://gateway.example/t/3q2-7wEjxXhRVm4Aq0pNp9cB',
    description: "the recipient's public tracking page, {PUBLIC_BASE_URL}/t/{token}: no login, city-level places only",
  })
  tracking_url: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty(SHIPMENT_COD_SCHEMA as never) cod: ShipmentCod | null;
  @ApiProperty({ description: 'a customer return (POST /shipments/{id}/return)' }) is_return: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'the delivered shipment a return brings back' }) return_of: string | null;
  @ApiProperty(RETURN_REASON_SCHEMA as never) return_reason: ShipmentReturnReason | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when it was cancelled; null otherwise' })
  cancelled_at: string | null;
  @ApiProperty(DELIVERY_ISSUE_SCHEMA as never) delivery_issue: DeliveryIssueView | null;
  @ApiProperty(PROOF_OF_DELIVERY_SCHEMA as never) proof_of_delivery: ProofOfDeliveryView | null;
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
