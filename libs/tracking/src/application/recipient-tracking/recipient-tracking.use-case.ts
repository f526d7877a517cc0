import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, DomainError, RecentReads } from '@lgw/kernel';
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
/** How old a page's data may be: a recipient refreshing sees a scan within a second, a crowd on one link costs one read a second. */
export const RECIPIENT_VIEW_FRESH_MS = 1_000;
const TOKENS_REMEMBERED = 50_000;

@Injectable()
export class RecipientTrackingUseCase {
  private readonly recent = new RecentReads<RecipientTrackingView>(RECIPIENT_VIEW_FRESH_MS, TOKENS_REMEMBERED);

  constructor(
    @Inject(DELIVERY_ISSUE_REPOSITORY) private readonly issues: DeliveryIssueRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(TEAM_BRANDING) private readonly branding: TeamBrandingPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  /** An unknown token is not remembered: each read of one asks the database (the page's rate limits bound them). */
  execute(token: string): Promise<RecipientTrackingView> {
    if (!isTrackingTokenShape(token)) return Promise.reject(new DomainError('E_NOT_FOUND'));
    return this.recent.read(token, async () => {
      const shipment = await this.issues.findByTrackingToken(token);
      if (!shipment) throw new DomainError('E_NOT_FOUND');
      return this.view(shipment);
    });
  }

  /** The link's next read goes to the database: its recipient has just changed the shipment through this process. */
  forget(token: string): void {
    this.recent.forget(token);
  }

  /** The view of a shipment already found by its token (after the recipient's action). */
  async view(shipment: ShipmentRecord): Promise<RecipientTrackingView> {
    const [history, branding] = await Promise.all([this.shipments.trackingEvents(shipment.id), this.branding.brandingOf(shipment.teamId)]);
    return toRecipientTrackingView(shipment, history, this.catalogue.find(shipment.carrierCode), branding, this.clock.now());
  }
}
