import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of delivery (docs/adr/0088): who took the parcel and how the courier proved it, from the
 * carrier's delivery scan, as JSON on the shipment ({method, receivedBy, photoUrl, at}); null
 * where the carrier reported none, and for every shipment delivered before this release.
 */
export class ProofOfDelivery1732100670000 implements MigrationInterface {
  name = 'ProofOfDelivery1732100670000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments ADD COLUMN proof_of_delivery jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE shipments DROP COLUMN proof_of_delivery');
  }
}
