import { Inject, Injectable } from '@nestjs/common';
import { LABEL_STORE, LabelStorePort } from '../../ports/label-store.port';
import { GetShipmentUseCase } from '../../shipments/get-shipment/get-shipment.use-case';
import { RenderLabelUseCase } from '../render-label/render-label.use-case';

/** Serves the stored PDF; renders on demand only when the label job has not run yet. */
@Injectable()
export class GetLabelUseCase {
  constructor(
    private readonly shipments: GetShipmentUseCase,
    @Inject(LABEL_STORE) private readonly labels: LabelStorePort,
    private readonly renderLabel: RenderLabelUseCase,
  ) {}

  async execute(command: { teamId: string; shipmentId: string }): Promise<Buffer> {
    const stored = await this.labels.findForTeam(command.teamId, command.shipmentId);
    if (stored) return stored;
    // Not rendered yet (or not this team's: record() answers 404 for that).
    const shipment = await this.shipments.record(command.teamId, command.shipmentId);
    return (await this.labels.find(shipment.id)) ?? this.renderLabel.renderAndStore(shipment);
  }
}
