import { Inject, Injectable } from '@nestjs/common';
import { DomainError, LabelFormat } from '@lgw/kernel';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { shipmentOfTeam } from '../../shipment-of-team';
import { carrierFormatRefused, LabelRendering } from '../render-label/render-label.use-case';

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
    // A real carrier's own label document (DESIGN §7) exists in its formats only: another is
    // refused naming those; unasked, the one it issued is served byte for byte.
    const own = stored ? this.rendering.carrierLabelFormats(stored.carrier) : undefined;
    if (stored && own) {
      const format = command.format ?? own[0];
      if (!own.includes(format)) throw carrierFormatRefused(own);
      if (stored.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: command.shipmentId });
      const kept = await this.labels.find(command.shipmentId);
      if (kept) return { format, body: kept };
      return {
        format,
        body: await this.rendering.renderFormat(await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId), format),
      };
    }
    if (stored?.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: command.shipmentId });
    if (stored?.body) return { format: stored.format, body: stored.body };
    // Not rendered yet (or not this team's: shipmentOfTeam answers 404 for that).
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    if (shipment.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: shipment.id });
    const format = command.format ?? shipment.labelFormat ?? 'pdf_a6';
    return { format, body: await this.rendering.renderFormat(shipment, format) };
  }
}
