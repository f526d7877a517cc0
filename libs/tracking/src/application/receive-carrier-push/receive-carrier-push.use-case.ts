import { Inject, Injectable } from '@nestjs/common';
import { CarrierConnectionResolver, CarrierTrackingEvent } from '@lgw/carrier-access';
import { DomainError, ValidationError } from '@lgw/kernel';
import { TRACKING_REPOSITORY, TrackingRepositoryPort } from '../ports/tracking.repository.port';

export interface ReceiveCarrierPushCommand {
  readonly carrierCode: string;
  readonly token: string;
  readonly body: unknown;
}

/** What a push is about: its events and the shipments they belong to, applied by the tracking sync. */
export interface CarrierPush {
  readonly carrierCode: string;
  readonly shipmentIds: readonly string[];
  readonly events: readonly CarrierTrackingEvent[];
}

/**
 * A carrier's pushed status update (POST /carrier-webhooks/{carrier}/{token}): the token names
 * the connection (the account the carrier pushes for), the connection's adapter reads the
 * carrier's payload into the same events polling reads, and the shipments are those of that
 * account. An unknown carrier or token is the same 404, so a caller learns nothing from it.
 */
@Injectable()
export class ReceiveCarrierPushUseCase {
  constructor(
    private readonly connections: CarrierConnectionResolver,
    @Inject(TRACKING_REPOSITORY) private readonly tracking: TrackingRepositoryPort,
  ) {}

  async execute(command: ReceiveCarrierPushCommand): Promise<CarrierPush> {
    const connection = await this.connections.forPush(command.carrierCode, command.token);
    if (!connection?.adapter.readPush) throw new DomainError('E_NOT_FOUND');
    const events = connection.adapter.readPush(command.body);
    if (!events) {
      throw new ValidationError(
        'body',
        `is not a ${command.carrierCode} status update (tracking_number and status are required)`,
        `ليس تحديث حالة من ${command.carrierCode} (رقم التتبع والحالة مطلوبان)`,
      );
    }
    const numbers = [...new Set(events.map((e) => e.trackingNumber))];
    const shipmentIds = await this.tracking.shipmentsTracked(command.carrierCode, numbers, connection.teamId);
    return { carrierCode: command.carrierCode, shipmentIds, events };
  }
}
