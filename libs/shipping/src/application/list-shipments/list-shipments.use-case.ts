import { Inject, Injectable } from '@nestjs/common';
import {
  FieldProblem,
  ValidationError,
  isShipmentStatus,
  riyadhDayEnd,
  riyadhDayStart,
  parseQueryInteger,
  RESOURCE_LINKS,
  ResourceLinksPort,
} from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentListQuery, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { ShipmentView, toShipmentView } from '../shipment.view';

/** The filters of the list, as the client wrote them (query text). */
export interface ShipmentFilterText {
  readonly status?: string;
  readonly q?: string;
  readonly carrier?: string;
  readonly created_from?: string;
  readonly created_to?: string;
  readonly destination_city?: string;
}

export interface ListShipmentsCommand extends ShipmentFilterText {
  readonly teamId: string;
  readonly limit?: string;
  readonly offset?: string;
}

export interface ShipmentPage {
  readonly shipments: ShipmentView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export type ShipmentFilter = Omit<ShipmentListQuery, 'limit' | 'offset'>;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 64;

/**
 * The list's filters judged together: every wrong one is reported at once. Dates are calendar
 * days in Asia/Riyadh, `created_to` inclusive.
 */
export function parseShipmentFilter(text: ShipmentFilterText, catalogue: CarrierCataloguePort, problems: FieldProblem[]): ShipmentFilter {
  const filter: { -readonly [K in keyof ShipmentFilter]: ShipmentFilter[K] } = {};
  if (text.status !== undefined) {
    if (isShipmentStatus(text.status)) filter.status = text.status;
    else problems.push({ field: 'status', reason: 'must be one of the shipment statuses' });
  }
  const q = text.q?.trim();
  if (q !== undefined && q !== '') {
    if (q.length <= MAX_SEARCH_LENGTH) filter.search = q;
    else problems.push({ field: 'q', reason: `must be at most ${MAX_SEARCH_LENGTH} characters` });
  }
  if (text.carrier !== undefined && text.carrier !== '') {
    if (catalogue.find(text.carrier)) filter.carrierCode = text.carrier;
    else problems.push({ field: 'carrier', reason: 'must be the code of a carrier of the gateway' });
  }
  const from = dayParameter('created_from', text.created_from, riyadhDayStart, problems);
  if (from) filter.createdFrom = from;
  const to = dayParameter('created_to', text.created_to, riyadhDayEnd, problems);
  if (to) filter.createdBefore = to;
  if (from && to && from >= to) problems.push({ field: 'created_to', reason: 'must not be before created_from' });
  const city = text.destination_city?.trim();
  if (city !== undefined && city !== '') {
    if (city.length <= MAX_SEARCH_LENGTH) filter.destinationCity = city;
    else problems.push({ field: 'destination_city', reason: `must be at most ${MAX_SEARCH_LENGTH} characters` });
  }
  return filter;
}

function dayParameter(
  field: string,
  raw: string | undefined,
  at: (day: string) => Date | null,
  problems: FieldProblem[],
): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const instant = typeof raw === 'string' ? at(raw) : null;
  if (!instant) problems.push({ field, reason: 'must be a calendar date YYYY-MM-DD (Asia/Riyadh)' });
  return instant ?? undefined;
}

/** Limit and offset of a page, problems added to the list rather than thrown one by one. */
export function parsePage(
  limit: string | undefined,
  offset: string | undefined,
  problems: FieldProblem[],
): { limit: number; offset: number } {
  const judged = (field: string, raw: string | undefined, fallback: number, max: number, min: number): number => {
    try {
      return parseQueryInteger(field, raw, fallback, min, max);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      problems.push(error.details as unknown as FieldProblem);
      return fallback;
    }
  };
  return {
    limit: judged('limit', limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, 1),
    offset: judged('offset', offset, 0, Number.MAX_SAFE_INTEGER, 0),
  };
}

@Injectable()
export class ListShipmentsUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: ListShipmentsCommand): Promise<ShipmentPage> {
    const problems: FieldProblem[] = [];
    const { limit, offset } = parsePage(command.limit, command.offset, problems);
    const filter = parseShipmentFilter(command, this.catalogue, problems);
    if (problems.length > 0) throw ValidationError.of(problems);
    const page = await this.shipments.list(command.teamId, { ...filter, limit, offset });
    return {
      shipments: page.items.map((s) => toShipmentView(s, this.catalogue.find(s.carrierCode), this.links)),
      total: page.total,
      limit,
      offset,
    };
  }
}
