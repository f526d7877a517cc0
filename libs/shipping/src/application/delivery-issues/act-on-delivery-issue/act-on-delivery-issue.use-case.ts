import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  AddressProps,
  AddressVerificationMode,
  assertNationalAddress,
  CARRIER_INTENTS,
  CarrierIntentStorePort,
  CarrierRejectedError,
  CarrierOperationNotSupportedError,
  CLOCK,
  ClockPort,
  DomainError,
  faultPoint,
  FieldProblem,
  IdempotencyRef,
  RESOURCE_LINKS,
  ResourceLinksPort,
  toAddress,
  validateAddress,
  ValidationError,
  AuditEntry,
  AuditSource,
  SYSTEM_AUDIT_SOURCE,
  deliveryCalendarOf,
  ShipmentWarning,
} from '@lgw/kernel';
import { DestinationAddressCheck } from '@lgw/addresses';
import { CARRIER_CATALOGUE, CarrierCataloguePort, CarrierConnectionResolver } from '@lgw/carrier-access';
import { DeliveryActionActor, DeliveryIssueAction, DeliveryIssueActionName, deliveryActionProblems } from '../../../domain/delivery-issue';
import { Shipment } from '../../../domain/shipment.aggregate';
import { DELIVERY_ISSUE_REPOSITORY, DeliveryIssueRepositoryPort } from '../../ports/delivery-issue.repository.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { shipmentOfTeam } from '../../shipment-of-team';
import { isTrackingTokenShape } from '../../tracking-token';
import { ShipmentRecord } from '../../shipment.record';
import { ShipmentView, toShipmentView } from '../../shipment.view';

export interface DeliveryIssueActionCommand {
  readonly teamId: string;
  readonly shipmentId: string;
  readonly action: DeliveryIssueActionName;
  readonly reattemptDate?: string;
  /** As typed: +9665…, 009665…, 05… or 9665… (spaces and dashes ignored). */
  readonly phone?: string;
  readonly destination?: AddressProps;
  readonly note?: string;
  readonly by: DeliveryActionActor;
  readonly addressVerification?: AddressVerificationMode;
  readonly idempotencyKey?: IdempotencyRef | null;
  /** Who asked, for the audit trail (the merchant's key; the recipient's page is recorded as the recipient). */
  readonly source?: AuditSource;
}

/**
 * POST /shipments/{id}/delivery-issue/actions and the recipient's choice on the tracking page
 * (docs/adr/0083): checks the action against the open issue (409) and its data (422, every
 * problem at once), then asks the carrier. A new phone or destination goes through the carrier's
 * destination API, recorded as a carrier intent before the call and settled with the shipment's
 * change in one transaction (ADR 0013); a reattempt date or a return the carrier's API does not
 * take is recorded on the issue as an instruction for the carrier's manifest and passthrough.
 */
@Injectable()
export class ActOnDeliveryIssueUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(DELIVERY_ISSUE_REPOSITORY) private readonly issues: DeliveryIssueRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(CARRIER_INTENTS) private readonly intents: CarrierIntentStorePort,
    private readonly addresses: DestinationAddressCheck,
    private readonly connections: CarrierConnectionResolver,
  ) {}

  async execute(command: DeliveryIssueActionCommand): Promise<ShipmentView> {
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    return this.view(await this.act(shipment, command));
  }

  /**
   * The recipient on the tracking page (no login, the token is the key): a reattempt date or a new
   * phone, under the same rules as the merchant's. Another action, or a destination, is not theirs
   * to ask. An unknown token is a 404 like any other.
   */
  async forRecipient(
    token: string,
    command: { readonly action: unknown; readonly reattemptDate?: unknown; readonly phone?: unknown },
  ): Promise<ShipmentRecord> {
    const text = (value: unknown, field: string) => {
      if (value === null)
        throw new ValidationError(
          field,
          'must not be null: leave the field out when there is no value',
          'يجب ألا تكون القيمة null: احذف الحقل عندما لا تكون له قيمة',
        );
      if (value === undefined || value === '') return undefined;
      if (typeof value !== 'string' || value.length > 32)
        throw new ValidationError(field, 'must be a short string', 'يجب أن يكون نصاً قصيراً');
      return value;
    };
    if (command.action !== 'reattempt' && command.action !== 'update_contact') {
      throw new ValidationError('action', 'must be reattempt or update_contact', 'يجب أن يكون reattempt أو update_contact');
    }
    const reattemptDate = text(command.reattemptDate, 'reattempt_date');
    const phone = text(command.phone, 'phone');
    // The request's shape first (it says nothing of the link), then the link.
    const shipment = isTrackingTokenShape(token) ? await this.issues.findByTrackingToken(token) : null;
    if (!shipment) throw new DomainError('E_NOT_FOUND');
    return this.act(shipment, {
      action: command.action,
      ...(command.action === 'reattempt' ? { reattemptDate } : {}),
      ...(command.action === 'update_contact' ? { phone: phone ?? '' } : {}),
      by: 'recipient',
    });
  }

  /** The rules of an action, on a shipment already found (the team's, or the recipient's by token). */
  async act(shipment: ShipmentRecord, command: Omit<DeliveryIssueActionCommand, 'teamId' | 'shipmentId'>): Promise<ShipmentRecord> {
    const now = this.clock.now();
    const aggregate = Shipment.restore(shipment);
    const issue = this.allowedIssue(aggregate, command);
    const problems: FieldProblem[] = [];
    let destination: AddressProps | undefined;
    if (command.destination !== undefined && command.action === 'update_contact') {
      const violations = validateAddress(command.destination);
      problems.push(
        ...violations.map((v) => ({ field: v.field ? `destination.${v.field}` : 'destination', reason: v.reason, reason_ar: v.reason_ar })),
      );
      if (violations.length === 0) {
        try {
          destination = toAddress(command.destination);
          assertNationalAddress(destination);
          aggregate.assertDestinationChangeable(destination);
        } catch (error) {
          destination = undefined;
          problems.push(...destinationProblems(error));
        }
      }
    }
    const country = String((destination ?? shipment.destination).country ?? '');
    const phone = command.phone === undefined ? undefined : storedPhone(command.phone, country);
    const calendar = deliveryCalendarOf(this.catalogue.find(shipment.carrierCode));
    problems.unshift(
      ...deliveryActionProblems(
        issue,
        { action: command.action, reattemptDate: command.reattemptDate, phone, destinationChanged: command.destination !== undefined },
        calendar,
        country,
        now,
      ),
    );
    if (problems.length > 0) throw ValidationError.of(problems);

    const note = command.note?.trim() || undefined;
    if (command.action !== 'update_contact') {
      const action: DeliveryIssueAction = {
        action: command.action,
        via: 'instruction',
        by: command.by,
        at: now,
        ...(command.reattemptDate ? { reattemptDate: command.reattemptDate } : {}),
        ...(note ? { note } : {}),
      };
      return this.save(shipment.id, (s) => s.requestDeliveryAction(action), actionAudit(shipment, command, action));
    }
    return this.updateContact(shipment, command, destination, phone, note);
  }

  /**
   * The open issue the action applies to. A destination whose shape is wrong (a null field
   * included) is the request's fault whatever the shipment's state: it is refused as such (422)
   * before the state's refusal (409); otherwise every problem is listed together afterwards.
   */
  private allowedIssue(aggregate: Shipment, command: Omit<DeliveryIssueActionCommand, 'teamId' | 'shipmentId'>) {
    try {
      return aggregate.assertDeliveryActionAllowed(command.action);
    } catch (error) {
      const shape = command.destination === undefined ? [] : validateAddress(command.destination);
      if (shape.length > 0)
        throw ValidationError.of(
          shape.map((v) => ({ field: v.field ? `destination.${v.field}` : 'destination', reason: v.reason, reason_ar: v.reason_ar })),
        );
      throw error;
    }
  }

  /** The carrier takes a new phone or address through its destination API: told first, recorded in the same step. */
  private async updateContact(
    shipment: ShipmentRecord,
    command: Omit<DeliveryIssueActionCommand, 'teamId' | 'shipmentId'>,
    parsed: AddressProps | undefined,
    phone: string | undefined,
    note: string | undefined,
  ): Promise<ShipmentRecord> {
    let next: AddressProps = parsed ?? shipment.destination;
    let warnings: readonly ShipmentWarning[] | undefined;
    if (parsed) {
      const checked = await this.addresses.check(parsed, command.addressVerification ?? 'warn', 'destination.');
      next = checked.destination;
      warnings = checked.warnings;
    }
    if (phone) next = { ...next, phone };
    const intent = randomUUID();
    await this.intents.record({
      id: intent,
      kind: 'update_destination',
      teamId: shipment.teamId,
      shipmentId: shipment.id,
      carrierCode: shipment.carrierCode,
      payload: { expected: shipment.destination, destination: next, ...(warnings ? { address_warnings: warnings } : {}) },
      idempotency: command.idempotencyKey ?? null,
      createdAt: this.clock.now(),
    });
    faultPoint('delivery-issue.before-carrier-call');
    let via: DeliveryIssueAction['via'] = 'carrier';
    try {
      await (await this.connections.forShipment(shipment.teamId, shipment)).updateDestination(shipment.trackingNumber, next);
    } catch (error) {
      if (error instanceof CarrierOperationNotSupportedError) {
        // The carrier's API takes no contact change: it reaches the carrier as an instruction instead.
        await this.intents.transition(intent, ['pending'], 'abandoned', this.clock.now()).catch(() => undefined);
        via = 'instruction';
      } else if (error instanceof CarrierRejectedError) {
        await this.intents.transition(intent, ['pending'], 'abandoned', this.clock.now()).catch(() => undefined);
        throw error;
      } else {
        // The carrier may hold the new contact: the intent stays pending and recovery sends it
        // again and records it.
        throw error;
      }
    }
    faultPoint('delivery-issue.after-carrier-call');
    const at = this.clock.now();
    const action: DeliveryIssueAction = {
      action: 'update_contact',
      via,
      by: command.by,
      at,
      ...(phone ? { phone } : {}),
      ...(parsed ? { destinationChanged: true } : {}),
      ...(note ? { note } : {}),
    };
    // A throw here leaves the intent pending: recovery sends the new contact again and records it.
    const saved = await this.save(
      shipment.id,
      (s) => {
        if (JSON.stringify(s.state.destination) !== JSON.stringify(shipment.destination)) {
          throw new DomainError('E_DESTINATION_UPDATE_NOT_ALLOWED', {
            reason: 'the destination is being changed by another request; retry',
          });
        }
        s.changeDestination(next, contactWarnings(s.state.warnings, warnings, next), at);
        s.requestDeliveryAction(action);
      },
      actionAudit(shipment, command, action),
    );
    if (via === 'carrier') await this.intents.transition(intent, ['pending'], 'completed', this.clock.now()).catch(() => undefined);
    return saved;
  }

  private async save(shipmentId: string, decide: (s: Shipment) => void, audit: (s: Shipment) => AuditEntry): Promise<ShipmentRecord> {
    const saved = await this.issues.change(shipmentId, decide, audit);
    if (!saved) throw new DomainError('E_NOT_FOUND');
    return saved;
  }

  view(shipment: ShipmentRecord): ShipmentView {
    return toShipmentView(shipment, this.catalogue.find(shipment.carrierCode), this.links);
  }
}

/**
 * A phone as people type it, in the stored form of the address rules (ASCII digits with the
 * country code): "+966 50 123 4567", "00966501234567" and, in Saudi Arabia, "0501234567" alike.
 * What is no phone at all is kept as typed, for the rule to refuse.
 */
export function storedPhone(typed: string, country: string): string {
  const compact = typed.replace(/[\s\-().]/g, '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (/^\+\d+$/.test(compact)) return compact.slice(1);
  if (/^00\d+$/.test(compact)) return compact.slice(2);
  if (country.toUpperCase() === 'SA' && /^05\d{8}$/.test(compact)) return `966${compact.slice(1)}`;
  return compact;
}

/** The booking's warnings with those about the destination's contact brought up to date. */
function contactWarnings(
  kept: readonly ShipmentWarning[],
  fresh: readonly ShipmentWarning[] | undefined,
  destination: AddressProps,
): ShipmentWarning[] {
  const replaced = new Set((fresh ?? []).map((w) => w.code));
  return [...kept.filter((w) => !replaced.has(w.code) && !(w.code === 'DESTINATION_PHONE_MISSING' && destination.phone)), ...(fresh ?? [])];
}

function destinationProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof DomainError)) throw error;
  const details = (error.details ?? {}) as {
    field?: string;
    reason?: string;
    reason_ar?: string;
    errors?: FieldProblem[];
    missing?: string[];
  };
  if (error.code === 'E_ADDRESS_NOT_NORMALISED') {
    return [
      {
        field: 'destination',
        reason: `is not a complete National Address: missing ${(details.missing ?? []).join(', ')}`,
        reason_ar: 'العنوان الوطني غير مكتمل',
      },
    ];
  }
  if (error.code !== 'E_VALIDATION') throw error;
  const list = details.errors ?? [{ field: details.field ?? '', reason: details.reason ?? '', reason_ar: details.reason_ar }];
  return list.map((p) => ({ ...p, field: `destination.${p.field}` }));
}

/** The recipient acts on the tracking page, with no key: recorded as the recipient. */
const RECIPIENT_AUDIT_SOURCE: AuditSource = Object.freeze({
  actor: Object.freeze({ type: 'recipient' as const, id: null, name: 'recipient (tracking page)' }),
  ip: null,
  requestId: null,
});

/** The audit entry of an action: what was asked and how it went to the carrier, never the full new address. */
function actionAudit(
  shipment: ShipmentRecord,
  command: Omit<DeliveryIssueActionCommand, 'teamId' | 'shipmentId'>,
  action: DeliveryIssueAction,
): (s: Shipment) => AuditEntry {
  return () => ({
    teamId: shipment.teamId,
    action: `delivery_issue.${action.action}`,
    target: { type: 'shipment', id: shipment.id },
    changes: {
      via: action.via,
      by: action.by,
      ...(action.reattemptDate ? { reattempt_date: action.reattemptDate } : {}),
      ...(action.phone ? { phone_changed: true } : {}),
      ...(action.destinationChanged ? { destination_changed: true } : {}),
    },
    source: command.source ?? (command.by === 'recipient' ? RECIPIENT_AUDIT_SOURCE : SYSTEM_AUDIT_SOURCE),
  });
}
