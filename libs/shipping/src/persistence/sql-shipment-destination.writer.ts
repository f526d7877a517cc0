import { DataSource } from 'typeorm';
import { DestinationChange, ShipmentDestinationWriterPort } from '../application/ports/shipment-destination.port';
import { ShipmentRecord } from '../application/shipment.record';
import { ShipmentRow, toShipmentRecord } from './shipment-row.mapper';
import { saveShipment } from './shipment-lifecycle.writer';
import { SHIPMENT_COLUMNS } from './sql-shipment.repository';

export class SqlShipmentDestinationWriter implements ShipmentDestinationWriterPort {
  constructor(private readonly dataSource: DataSource) {}

  async replaceDestination(change: DestinationChange): Promise<ShipmentRecord | null> {
    const { shipment } = change;
    // Only the transaction's manager inside: embedded mode has one connection, held by it.
    return this.dataSource.transaction(async (em) => {
      const saved = await saveShipment(em, shipment, {
        expectedDestination: change.expected,
        refusedStatuses: change.refusedIn,
        audit: change.audit,
      });
      if (!saved) return null;
      // The stored label shows the old address: it goes (with its other formats), and the next
      // request for it renders the current one.
      await em.query('DELETE FROM shipment_labels WHERE shipment_id = $1', [shipment.id]);
      const [row]: ShipmentRow[] = await em.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = $1`, [shipment.id]);
      return toShipmentRecord(row);
    });
  }
}
