import { ApiProperty } from '@nestjs/swagger';
import { PROOF_METHODS, SHIPMENT_STATUSES } from '@lgw/kernel';
import { DELIVERY_ISSUE_KINDS, DELIVERY_ISSUE_STATUSES } from '@lgw/shipping';

export class RecipientMerchantDto {
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true, example: '#0a6e5c', description: "the team's brand colour; null: the gateway's" }) colour:
    string | null;
}

export class RecipientCarrierDto {
  @ApiProperty() name_en: string;
  @ApiProperty() name_ar: string;
}

/** Which parcel of several a scan is about, or null: inline, for "an object or null" (OpenAPI 3.0). */
const RECIPIENT_PIECE_SCHEMA = {
  type: 'object',
  nullable: true,
  description: 'the parcel a scan is about, of a shipment of several (docs/adr/0087); null: the whole shipment',
  required: ['number', 'of'],
  properties: {
    number: { type: 'integer', minimum: 1, example: 2 },
    of: { type: 'integer', minimum: 2, example: 3 },
  },
};

export class RecipientEventDto {
  @ApiProperty() code: string;
  @ApiProperty() status_en: string;
  @ApiProperty() status_ar: string;
  @ApiProperty({ type: String, nullable: true, description: 'city-level place, as the carrier named it' }) place_en: string | null;
  @ApiProperty({ type: String, nullable: true }) place_ar: string | null;
  @ApiProperty({ format: 'date-time' }) occurred_at: string;
  @ApiProperty() is_exception: boolean;
  @ApiProperty(RECIPIENT_PIECE_SCHEMA as never) piece: { number: number; of: number } | null;
}

export class RecipientIssueDto {
  @ApiProperty({ enum: DELIVERY_ISSUE_KINDS }) kind: string;
  @ApiProperty({ enum: DELIVERY_ISSUE_STATUSES }) status: string;
  @ApiProperty() attempts: number;
  @ApiProperty() reason_en: string;
  @ApiProperty() reason_ar: string;
  @ApiProperty({ format: 'date-time' }) deadline_at: string;
  @ApiProperty({ type: [String], enum: ['reattempt', 'update_contact'] }) actions_allowed: string[];
  @ApiProperty({ type: [String], format: 'date', description: 'the days the carrier delivers from tomorrow to the deadline (Asia/Riyadh)' })
  reattempt_dates: string[];
}

export interface RecipientProofDto {
  method: string;
  received_by_first_name: string | null;
  at: string;
}

/** The page's proof of delivery, or null: inline, for "an object or null" (a $ref cannot be nullable in OpenAPI 3.0). */
const RECIPIENT_PROOF_SCHEMA = {
  type: 'object',
  nullable: true,
  description: 'how a delivered parcel was handed over (docs/adr/0088)',
  required: ['method', 'received_by_first_name', 'at'],
  properties: {
    method: {
      type: 'string',
      enum: [...PROOF_METHODS],
      description: 'how the courier proved the hand-over; NONE: a name with no proof reported',
    },
    received_by_first_name: {
      type: 'string',
      nullable: true,
      description: "the receiver's first name only (never the full name or a phone)",
    },
    at: { type: 'string', format: 'date-time' },
  },
};

/** GET /t/{token}.json: what the recipient's page shows, never an address, phone, price or the shipment's id. */
export class RecipientTrackingDto {
  @ApiProperty() tracking_number: string;
  @ApiProperty({ type: RecipientMerchantDto }) merchant: RecipientMerchantDto;
  @ApiProperty({ type: RecipientCarrierDto }) carrier: RecipientCarrierDto;
  @ApiProperty({ enum: SHIPMENT_STATUSES }) status: string;
  @ApiProperty() status_en: string;
  @ApiProperty() status_ar: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) estimated_delivery_date: string | null;
  @ApiProperty() origin_city: string;
  @ApiProperty() destination_city: string;
  @ApiProperty({ type: [RecipientEventDto] }) events: RecipientEventDto[];
  @ApiProperty({ type: RecipientIssueDto, nullable: true }) delivery_issue: RecipientIssueDto | null;
  @ApiProperty(RECIPIENT_PROOF_SCHEMA as never)
  proof_of_delivery: RecipientProofDto | null;
}
