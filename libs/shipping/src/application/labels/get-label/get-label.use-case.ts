import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { LabelFormat } from '../../../domain/label-format';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { shipmentOfTeam } from '../../shipment-of-team';
import { LabelRendering } from '../render-label/render-label.use-case';

/**
 * Serves the stored label in the asked format; renders on demand (and stores) only what is not
 * stored yet. A cancelled shipment's label is void: E_LABEL_VOIDED, never the label.
 */
@Injectable()
export class GetLabelUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    private readonly rendering: LabelRendering,
  ) {}

  /** Without a format: the one the shipment asked for at booking (pdf_a6 unless it asked). */
  async execute(command: { teamId: string; shipmentId: string; format?: LabelFormat }): Promise<{ format: LabelFormat; body: Buffer }> {
    const stored = await this.labels.findFormat(command.teamId, command.shipmentId, command.format);
    if (stored?.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: command.shipmentId });
    if (stored?.body) return { format: stored.format, body: stored.body };
    // Not rendered yet (or not this team's: shipmentOfTeam answers 404 for that).
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    if (shipment.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: shipment.id });
    const format = command.format ?? shipment.labelFormat ?? 'pdf_a6';
    return { format, body: await this.rendering.renderFormat(shipment, format) };
  }
}
