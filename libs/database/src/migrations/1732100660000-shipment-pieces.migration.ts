import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Multi-piece shipments (docs/adr/0087): a shipment of 2 to 20 parcels keeps its pieces, one per
 * parcel in order, as `[{number, tracking_number, weight_kg, status?}]`; NULL for a shipment of
 * one parcel (every shipment stored before this). A piece's tracking number finds its shipment
 * through the GIN index (a carrier that reports per piece, a scanned piece label).
 */
export class ShipmentPieces1732100660000 implements MigrationInterface {
  name = 'ShipmentPieces1732100660000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN pieces jsonb');
    await q.query(
      `ALTER TABLE shipments ADD CONSTRAINT shipments_pieces_shape
         CHECK (pieces IS NULL OR (jsonb_typeof(pieces) = 'array' AND jsonb_array_length(pieces) BETWEEN 2 AND 20))`,
    );
    await q.query('CREATE INDEX shipments_pieces_idx ON shipments USING gin (pieces jsonb_path_ops) WHERE pieces IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS shipments_pieces_idx');
    await q.query('ALTER TABLE shipments DROP CONSTRAINT IF EXISTS shipments_pieces_shape');
    await q.query('ALTER TABLE shipments DROP COLUMN pieces');
  }
}
