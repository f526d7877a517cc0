import { Inject, Injectable } from '@nestjs/common';
import { parseQueryInteger } from '@lgw/kernel';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@lgw/shipping';
import { PICKUP_REPOSITORY, PickupRepositoryPort } from '../ports/pickup.repository.port';
import { PickupView, toPickupView } from '../pickup.record';

export interface PickupList {
  readonly pickups: PickupView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/** The team's pickups, newest first, paged like GET /shipments (limit 1–100, default 20). */
@Injectable()
export class ListPickupsUseCase {
  constructor(@Inject(PICKUP_REPOSITORY) private readonly pickups: PickupRepositoryPort) {}

  async execute(query: { teamId: string; limit?: string; offset?: string }): Promise<PickupList> {
    const limit = parseQueryInteger('limit', query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', query.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const { items, total } = await this.pickups.list(query.teamId, limit, offset);
    return { pickups: items.map(toPickupView), total, limit, offset };
  }
}
