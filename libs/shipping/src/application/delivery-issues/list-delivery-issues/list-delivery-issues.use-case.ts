import { Inject, Injectable } from '@nestjs/common';
import { RESOURCE_LINKS, ResourceLinksPort, ValidationError } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { DELIVERY_ISSUE_STATUSES, DeliveryIssueStatus } from '../../../domain/delivery-issue';
import { DELIVERY_ISSUE_REPOSITORY, DeliveryIssueRepositoryPort } from '../../ports/delivery-issue.repository.port';
import { DeliveryIssueView, toDeliveryIssueView, toShipmentView, ShipmentView } from '../../shipment.view';

export const DELIVERY_ISSUES_MAX_PAGE = 100;

export interface DeliveryIssueListItem extends DeliveryIssueView {
  readonly shipment: ShipmentView;
}

export interface DeliveryIssuePage {
  readonly delivery_issues: readonly DeliveryIssueListItem[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/** GET /delivery-issues: the team's queue of delivery issues, each with its shipment, most recently changed first. */
@Injectable()
export class ListDeliveryIssuesUseCase {
  constructor(
    @Inject(DELIVERY_ISSUE_REPOSITORY) private readonly issues: DeliveryIssueRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: { teamId: string; status?: string; limit?: string; offset?: string }): Promise<DeliveryIssuePage> {
    const problems = [];
    const status = command.status === undefined || command.status === '' ? undefined : command.status;
    if (status !== undefined && !(DELIVERY_ISSUE_STATUSES as readonly string[]).includes(status)) {
      problems.push({
        field: 'status',
        reason: `must be one of: ${DELIVERY_ISSUE_STATUSES.join(', ')}`,
        reason_ar: `يجب أن تكون إحدى القيم: ${DELIVERY_ISSUE_STATUSES.join('، ')}`,
      });
    }
    const limit = integer(command.limit, 20);
    const offset = integer(command.offset, 0);
    if (limit === null || limit < 1 || limit > DELIVERY_ISSUES_MAX_PAGE) {
      problems.push({
        field: 'limit',
        reason: `must be an integer between 1 and ${DELIVERY_ISSUES_MAX_PAGE}`,
        reason_ar: `يجب أن يكون عدداً صحيحاً بين 1 و${DELIVERY_ISSUES_MAX_PAGE}`,
      });
    }
    if (offset === null || offset < 0) {
      problems.push({ field: 'offset', reason: 'must be an integer of at least 0', reason_ar: 'يجب أن يكون عدداً صحيحاً لا يقل عن 0' });
    }
    if (problems.length > 0) throw ValidationError.of(problems);
    const page = await this.issues.list({
      teamId: command.teamId,
      status: status as DeliveryIssueStatus | undefined,
      limit: limit!,
      offset: offset!,
    });
    return {
      delivery_issues: page.shipments.map((s) => ({
        ...toDeliveryIssueView(s.deliveryIssue)!,
        shipment: toShipmentView(s, this.catalogue.find(s.carrierCode), this.links),
      })),
      total: page.total,
      limit: limit!,
      offset: offset!,
    };
  }
}

function integer(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}
