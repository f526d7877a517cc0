import { Inject, Injectable } from '@nestjs/common';
import { FieldProblem, Money, ValidationError, CSV_CODEC, CsvCodecPort } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentCursor, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { ShipmentRecord } from '../shipment.record';
import { parseShipmentFilter, ShipmentFilter, ShipmentFilterText } from '../list-shipments/list-shipments.use-case';

export interface ExportShipmentsCommand extends ShipmentFilterText {
  readonly teamId: string;
}

export interface ShipmentExport {
  readonly filename: string;
  readonly content: AsyncIterable<Uint8Array>;
}

export const SHIPMENT_EXPORT_COLUMNS = [
  'id',
  'service_reference',
  'reference',
  'carrier',
  'service',
  'tracking_number',
  'status',
  'destination_city',
  'destination_phone',
  'cod_amount',
  'quoted_total',
  'currency',
  'created_at',
  'estimated_delivery_at',
] as const;

/** Rows read from the database per round trip while the file streams. */
const EXPORT_CHUNK = 500;

/**
 * The team's shipments under the list's filters, newest first, as CSV written by the one CSV
 * codec. The filters are judged before the first byte, so a bad one is still a 422; the rows
 * are read in keyset chunks as the client reads, so a large export holds one chunk in memory.
 */
@Injectable()
export class ExportShipmentsUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CSV_CODEC) private readonly csv: CsvCodecPort,
  ) {}

  execute(command: ExportShipmentsCommand): ShipmentExport {
    const problems: FieldProblem[] = [];
    const filter = parseShipmentFilter(command, this.catalogue, problems);
    if (problems.length > 0) throw ValidationError.of(problems);
    return { filename: 'shipments.csv', content: this.csv.format(SHIPMENT_EXPORT_COLUMNS, this.rows(command.teamId, filter)) };
  }

  private async *rows(teamId: string, filter: ShipmentFilter): AsyncIterable<readonly string[]> {
    let after: ShipmentCursor | null = null;
    for (;;) {
      const chunk = await this.shipments.listAfter(teamId, filter, after, EXPORT_CHUNK);
      for (const shipment of chunk) yield exportRow(shipment);
      if (chunk.length < EXPORT_CHUNK) return;
      const last = chunk[chunk.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}

function exportRow(s: ShipmentRecord): readonly string[] {
  return [
    s.id,
    s.serviceReference,
    s.reference ?? '',
    s.carrierCode,
    s.serviceCode,
    s.trackingNumber,
    s.status,
    s.destination.city ?? '',
    s.destination.phone ?? '',
    s.codAmountHalalas === null ? '' : Money.ofHalalas(s.codAmountHalalas).toSarString(),
    Money.ofHalalas(s.quotedTotalHalalas).toSarString(),
    'SAR',
    s.createdAt.toISOString(),
    s.estimatedDeliveryAt.toISOString(),
  ];
}
