import { Inject, Injectable } from '@nestjs/common';
import { CARRIER_CONNECTION_REPOSITORY, CarrierConnectionRepositoryPort } from '../ports/carrier-connection.port';
import { CarrierConnectionListView, toCarrierConnectionView } from '../carrier-connection.view';

/** GET /carrier-connections: the team's own active connections and the platform's, each marked by owner. */
@Injectable()
export class ListCarrierConnectionsUseCase {
  constructor(@Inject(CARRIER_CONNECTION_REPOSITORY) private readonly connections: CarrierConnectionRepositoryPort) {}

  async execute(query: { teamId: string }): Promise<CarrierConnectionListView> {
    const [own, platform] = await Promise.all([this.connections.activeOfTeam(query.teamId), this.connections.activePlatform()]);
    return { connections: [...own, ...platform].map((record) => toCarrierConnectionView(record, 'team')) };
  }

  /** The admin API's list: the platform's connections, with their hints. */
  async platform(): Promise<CarrierConnectionListView> {
    return { connections: (await this.connections.activePlatform()).map((record) => toCarrierConnectionView(record, 'operator')) };
  }
}
