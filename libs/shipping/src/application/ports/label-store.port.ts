import { PrinterLabelFormat } from './label-renderer.port';
import { LabelFormat } from '@lgw/kernel';
import { Shipment } from '../../domain/shipment.aggregate';
import { ShipmentRecord } from '../shipment.record';

export interface LabelStorePort {
  find(shipmentId: string): Promise<Buffer | null>;
  /** Any shipment by id: for workers, which act for every team. */
  findShipment(shipmentId: string): Promise<ShipmentRecord | null>;
  /** The shipments among `ids` with no stored label, any team's (for workers), in the order of `ids`. */
  unlabelledShipments(ids: readonly string[]): Promise<ShipmentRecord[]>;
  /** Shipments still CREATED without a label, booked before `olderThan` (oldest first). */
  awaitingLabel(olderThan: Date, limit: number): Promise<string[]>;
  /**
   * Stores the PDF once (a second render of the same shipment keeps the first) and, when it is
   * first stored, lets `advance` record the step on the shipment as it is under its lock
   * (Shipment.recordLabelGenerated decides: the status moves only from CREATED), saving the
   * shipment's changes, history and domain events in the same transaction. Returns the stored
   * bytes, or null (nothing written) when the shipment's destination is no longer the one the
   * label was rendered for.
   */
  saveAndAdvance(shipment: ShipmentRecord, pdf: Buffer, at: Date, advance: (current: Shipment) => void): Promise<Buffer | null>;
  /**
   * saveAndAdvance for a print's labels, in one transaction: the stored bytes (or null) of each,
   * in the order given.
   */
  saveAndAdvanceMany(
    labels: ReadonlyArray<{ shipment: ShipmentRecord; pdf: Buffer }>,
    at: Date,
    advance: (current: Shipment) => void,
  ): Promise<Array<Buffer | null>>;
  /**
   * A team's shipment with its label in one format (the shipment's own default format when
   * none is named), in one read, the hot path of every format: null for an unknown or another
   * team's shipment; `body` null when not stored yet; `carrier` the shipment's carrier code.
   */
  findFormat(
    teamId: string,
    shipmentId: string,
    format?: LabelFormat,
  ): Promise<{ status: string; carrier: string; format: LabelFormat; body: Buffer | null } | null>;
  /**
   * The stored bodies of a team's shipments' labels, each in its format, in one read: a body, or
   * null where none is stored or the shipment is unknown or another team's; in the order given.
   */
  storedBodies(teamId: string, labels: ReadonlyArray<{ shipmentId: string; format: LabelFormat }>): Promise<Array<Buffer | null>>;
  /**
   * Keeps a pdf_4x6 or ZPL rendering of a stored label (the first one stored wins). Null when
   * the label it was rendered from is gone meanwhile (the destination changed): nothing stored.
   */
  saveFormat(shipmentId: string, format: PrinterLabelFormat, body: Buffer, at: Date): Promise<Buffer | null>;
  /** This team's shipments among `ids` (malformed and other teams' ids are simply absent). */
  shipmentsForTeam(teamId: string, ids: readonly string[]): Promise<ShipmentRecord[]>;
  /** A page of this team's batch's shipment ids in file order; null for an unknown or foreign batch. */
  batchShipmentIds(teamId: string, batchId: string, offset: number, limit: number): Promise<string[] | null>;
  /** How many of the batch's shipments can be printed (not cancelled) and how many of those have a stored label; null for an unknown or foreign batch. */
  batchLabelProgress(teamId: string, batchId: string): Promise<{ printable: number; ready: number } | null>;
}

export const LABEL_STORE = Symbol('LABEL_STORE');
