import { Inject, Injectable } from '@nestjs/common';
import { isShipmentStatus, ValidationError } from '@lgw/domain';
import { parseQueryInteger } from '../../shared/query-integer';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../../ports/rating-sources.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { ShipmentView, toShipmentView } from '../shipment.view';

export interface ListShipmentsCommand {
  readonly teamId: string;
  readonly status?: string;
  readonly limit?: string;
  readonly offset?: string;
}

export interface ShipmentPage {
  readonly shipments: ShipmentView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

@Injectable()
export class ListShipmentsUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
  ) {}

  async execute(command: ListShipmentsCommand): Promise<ShipmentPage> {
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', command.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    let status;
    if (command.status !== undefined) {
      if (!isShipmentStatus(command.status)) throw new ValidationError('status', 'must be one of the shipment statuses');
      status = command.status;
    }
    const page = await this.shipments.list(command.teamId, { status, limit, offset });
    return {
      shipments: page.items.map((s) => toShipmentView(s, this.catalogue.find(s.carrierCode))),
      total: page.total,
      limit,
      offset,
    };
  }
}
