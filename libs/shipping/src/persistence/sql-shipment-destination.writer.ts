import { DataSource } from 'typeorm';
import { DestinationChange, ShipmentDestinationWriterPort } from '../application/ports/shipment-destination.port';
import { ShipmentRecord } from '../application/shipment.record';
import { insertOutbox, updatedRows } from '@lgw/database';
import { ShipmentRow, toShipmentRecord } from './shipment-row.mapper';

export class SqlShipmentDestinationWriter implements ShipmentDestinationWriterPort {
  constructor(private readonly dataSource: DataSource) {}

  async replaceDestination(change: DestinationChange): Promise<ShipmentRecord | null> {
    // Only the transaction's manager inside: embedded mode has one connection, held by it.
    return this.dataSource.transaction(async (em) => {
      const result: unknown = await em.query(
        `UPDATE shipments SET destination = $2::jsonb, warnings = $3::jsonb, updated_at = $4
          WHERE id = $1 AND destination = $5::jsonb AND NOT (status = ANY($6::text[]))
          RETURNING *`,
        [
          change.shipmentId,
          JSON.stringify(change.destination),
          JSON.stringify(change.warnings),
          change.at,
          JSON.stringify(change.expected),
          [...change.refusedIn],
        ],
      );
      const [row] = updatedRows<ShipmentRow>(result);
      if (!row) return null;
      // The stored label shows the old address: it goes (with its other formats), and the next
      // request for it renders the current one.
      await em.query('DELETE FROM shipment_labels WHERE shipment_id = $1', [change.shipmentId]);
      await insertOutbox(em, change.outbox);
      return toShipmentRecord(row);
    });
  }
}
