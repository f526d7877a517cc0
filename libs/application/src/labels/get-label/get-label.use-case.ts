import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/domain';
import { LabelFormat } from '../../ports/label-renderer.port';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { GetShipmentUseCase } from '../../shipments/get-shipment/get-shipment.use-case';
import { carrierFormatRefused, RenderLabelUseCase } from '../render-label/render-label.use-case';

/**
 * Serves the stored label in the asked format; renders on demand (and stores) only what is not
 * stored yet. A cancelled shipment's label is void: E_LABEL_VOIDED, never the label.
 */
@Injectable()
export class GetLabelUseCase {
  constructor(
    private readonly shipments: GetShipmentUseCase,
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    private readonly renderLabel: RenderLabelUseCase,
  ) {}

  /** Without a format: the one the shipment asked for at booking (pdf_a6 unless it asked). */
  async execute(command: { teamId: string; shipmentId: string; format?: LabelFormat }): Promise<{ format: LabelFormat; body: Buffer }> {
    const stored = await this.labels.findFormat(command.teamId, command.shipmentId, command.format);
    // A real carrier's own label document (DESIGN §7) exists in its formats only: another is
    // refused naming those; unasked, the one it issued is served byte for byte.
    const own = stored ? this.renderLabel.carrierLabelFormats(stored.carrier) : undefined;
    if (stored && own) {
      const format = command.format ?? own[0];
      if (!own.includes(format)) throw carrierFormatRefused(own);
      if (stored.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: command.shipmentId });
      const kept = await this.labels.find(command.shipmentId);
      if (kept) return { format, body: kept };
      return { format, body: await this.renderLabel.renderFormat(await this.shipments.record(command.teamId, command.shipmentId), format) };
    }
    if (stored?.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: command.shipmentId });
    if (stored?.body) return { format: stored.format, body: stored.body };
    // Not rendered yet (or not this team's: record() answers 404 for that).
    const shipment = await this.shipments.record(command.teamId, command.shipmentId);
    if (shipment.status === 'CANCELLED') throw new DomainError('E_LABEL_VOIDED', { shipment_id: shipment.id });
    const format = command.format ?? shipment.labelFormat ?? 'pdf_a6';
    return { format, body: await this.renderLabel.renderFormat(shipment, format) };
  }
}
