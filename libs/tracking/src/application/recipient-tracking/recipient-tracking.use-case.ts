import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, DomainError } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import {
  DELIVERY_ISSUE_REPOSITORY,
  DeliveryIssueRepositoryPort,
  isTrackingTokenShape,
  SHIPMENT_REPOSITORY,
  ShipmentRecord,
  ShipmentRepositoryPort,
} from '@lgw/shipping';
import { TEAM_BRANDING, TeamBrandingPort } from '../ports/team-branding.port';
import { RecipientTrackingView, toRecipientTrackingView } from './recipient-tracking.view';

/**
 * GET /t/{token} and /t/{token}.json (docs/adr/0083): a shipment as its recipient sees it, found
 * by its tracking token alone. A token of the wrong shape and an unknown one are the same 404.
 */
@Injectable()
export class RecipientTrackingUseCase {
  constructor(
    @Inject(DELIVERY_ISSUE_REPOSITORY) private readonly issues: DeliveryIssueRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(TEAM_BRANDING) private readonly branding: TeamBrandingPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(token: string): Promise<RecipientTrackingView> {
    const shipment = isTrackingTokenShape(token) ? await this.issues.findByTrackingToken(token) : null;
    if (!shipment) throw new DomainError('E_NOT_FOUND');
    return this.view(shipment);
  }

  /** The view of a shipment already found by its token (after the recipient's action). */
  async view(shipment: ShipmentRecord): Promise<RecipientTrackingView> {
    const [history, branding] = await Promise.all([this.shipments.trackingEvents(shipment.id), this.branding.brandingOf(shipment.teamId)]);
    return toRecipientTrackingView(shipment, history, this.catalogue.find(shipment.carrierCode), branding, this.clock.now());
  }
}
