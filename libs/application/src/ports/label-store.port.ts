import { OutboxEventDraft, ShipmentRecord, TrackingEventRecord } from '../shipments/shipment.record';

export interface LabelStorePort {
  find(shipmentId: string): Promise<Buffer | null>;
  /** The stored label of this team's shipment, in one read: the hot path of GET /labels. */
  findForTeam(teamId: string, shipmentId: string): Promise<Buffer | null>;
  /** Any shipment by id: for workers, which act for every team. */
  findShipment(shipmentId: string): Promise<ShipmentRecord | null>;
  /** Shipments still CREATED without a label, booked before `olderThan` (oldest first). */
  awaitingLabel(olderThan: Date, limit: number): Promise<string[]>;
  /**
   * Stores the PDF once (a second render of the same shipment keeps the first) and, if the
   * shipment is still CREATED, moves it to LABEL_GENERATED with its event and domain events,
   * all in one transaction. A shipment the carrier's scans moved on already gets the event as
   * history only; a cancelled one gets none. Returns the stored bytes.
   */
  saveAndAdvance(
    shipment: ShipmentRecord,
    pdf: Buffer,
    at: Date,
    event: TrackingEventRecord,
    outbox: readonly OutboxEventDraft[],
  ): Promise<Buffer>;
}

export const LABEL_STORE = Symbol('LABEL_STORE');
