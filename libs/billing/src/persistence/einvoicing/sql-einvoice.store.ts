import { AuditEntry, AuditSource, SYSTEM_AUDIT_SOURCE } from '@lgw/kernel';
import { DataSource, EntityManager } from 'typeorm';
import {
  BillingProfile,
  ChainHead,
  DocumentLine,
  EinvoiceDocument,
  EinvoiceStatus,
  EinvoiceStorePort,
  StampedDocumentDraft,
  StoredEgsUnit,
  UninvoicedLine,
} from '../../application/einvoicing/einvoicing.ports';
import { BillingCause, SUBTOTAL_CAUSES } from '../../domain/billing-line';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../domain/einvoicing/ubl-invoice';
import { appendAuditEvents, updatedRows } from '@lgw/database';

interface DocumentRow {
  id: string;
  team_id: string;
  egs_id: string;
  kind: EinvoiceDocument['kind'];
  profile: EinvoiceDocument['profile'];
  status: EinvoiceStatus;
  number: string;
  uuid: string;
  icv: string;
  invoice_hash: string;
  previous_invoice_hash: string;
  xml: string;
  qr: string;
  net_halalas: string;
  vat_halalas: string;
  gross_halalas: string;
  surcharges_halalas: string;
  period_start: string;
  line_count: number;
  billing_reference_id: string | null;
  validation: EinvoiceDocument['validation'];
  attempts: number;
  issued_at: Date;
  updated_at: Date;
}

/**
 * The surcharges are summed from the lines the document settles: the lines it nets out are
 * shipments, their credits and zero amounts, so every surcharge it settles is one it lists.
 */
const DOCUMENT_COLUMNS = `id, team_id, egs_id, kind, profile, status, number, uuid, icv, invoice_hash, previous_invoice_hash, xml, qr,
  net_halalas, vat_halalas, gross_halalas, to_char(period_start, 'YYYY-MM-DD') AS period_start, line_count, billing_reference_id,
  validation, attempts, issued_at, updated_at,
  (SELECT coalesce(sum(l.amount_halalas), 0) FROM billing_lines l
    WHERE l.einvoice_document_id = einvoice_documents.id AND l.cause <> ALL('{${SUBTOTAL_CAUSES.join(',')}}'::text[])) AS surcharges_halalas`;

function toDocument(r: DocumentRow): EinvoiceDocument {
  return {
    id: r.id,
    teamId: r.team_id,
    egsId: r.egs_id,
    kind: r.kind,
    profile: r.profile,
    status: r.status,
    number: r.number,
    uuid: r.uuid,
    icv: Number(r.icv),
    invoiceHash: r.invoice_hash,
    previousInvoiceHash: r.previous_invoice_hash,
    xml: r.xml,
    qr: r.qr,
    netHalalas: Number(r.net_halalas),
    vatHalalas: Number(r.vat_halalas),
    grossHalalas: Number(r.gross_halalas),
    surchargesHalalas: Number(r.surcharges_halalas),
    periodStart: r.period_start,
    lineCount: Number(r.line_count),
    billingReferenceId: r.billing_reference_id ?? undefined,
    validation: typeof r.validation === 'string' ? JSON.parse(r.validation) : r.validation,
    attempts: Number(r.attempts),
    issuedAt: new Date(r.issued_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** E-invoices, their EGS units and the teams' buyer profiles (docs/adr/0055). */
export class SqlEinvoiceStore implements EinvoiceStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async saveProfile(profile: BillingProfile, audit?: AuditEntry): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await this.upsertProfile(em, profile);
      if (audit) await appendAuditEvents(em, [audit]);
    });
  }

  private async upsertProfile(em: { query: DataSource['query'] }, profile: BillingProfile): Promise<void> {
    await em.query(
      `INSERT INTO einvoice_billing_profiles (team_id, legal_name_ar, legal_name_en, vat_number, address, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (team_id) DO UPDATE SET legal_name_ar = EXCLUDED.legal_name_ar, legal_name_en = EXCLUDED.legal_name_en,
         vat_number = EXCLUDED.vat_number, address = EXCLUDED.address, updated_at = now()`,
      [profile.teamId, profile.legalNameAr, profile.legalNameEn, profile.vatNumber ?? null, JSON.stringify(profile.address)],
    );
  }

  async profile(teamId: string): Promise<BillingProfile | undefined> {
    const [row] = await this.dataSource.query(
      'SELECT team_id, legal_name_ar, legal_name_en, vat_number, address FROM einvoice_billing_profiles WHERE team_id = $1',
      [teamId],
    );
    if (!row) return undefined;
    return {
      teamId: row.team_id,
      legalNameAr: row.legal_name_ar,
      legalNameEn: row.legal_name_en,
      vatNumber: row.vat_number ?? undefined,
      address: typeof row.address === 'string' ? JSON.parse(row.address) : row.address,
    };
  }

  async teamName(teamId: string): Promise<string | undefined> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(teamId)) return undefined;
    const [row] = await this.dataSource.query('SELECT name FROM teams WHERE id = $1', [teamId]);
    return row?.name;
  }

  async teamsToInvoice(before?: string): Promise<string[]> {
    const rows: Array<{ team_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT team_id FROM billing_lines WHERE einvoice_document_id IS NULL AND ($1::date IS NULL OR period_start < $1::date)
        ORDER BY team_id`,
      [before ?? null],
    );
    return rows.map((r) => r.team_id);
  }

  async issue(
    teamId: string,
    egsId: string,
    before: string | undefined,
    compose: (lines: readonly UninvoicedLine[], head: ChainHead) => StampedDocumentDraft[],
    source: AuditSource = SYSTEM_AUDIT_SOURCE,
  ): Promise<EinvoiceDocument[]> {
    return this.dataSource.transaction(async (em) => {
      // The chain head: every issuer of this unit queues here, so ICV and PIH follow one line.
      const [head] = await em.query('SELECT last_icv, last_invoice_hash FROM einvoice_egs_units WHERE id = $1 FOR UPDATE', [egsId]);
      if (!head) throw new Error(`unknown EGS unit ${egsId}`);
      const lines = await this.uninvoiced(em, teamId, before);
      const drafts = compose(lines, { lastIcv: Number(head.last_icv), lastInvoiceHash: head.last_invoice_hash });
      const documents: EinvoiceDocument[] = [];
      for (const d of drafts) {
        const [row] = await em.query(
          `INSERT INTO einvoice_documents (id, team_id, egs_id, icv, number, uuid, kind, profile, status, previous_invoice_hash,
             invoice_hash, xml, qr, net_halalas, vat_halalas, gross_halalas, period_start, line_count, billing_reference_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING_CLEARANCE', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
           RETURNING ${DOCUMENT_COLUMNS}`,
          [
            d.id,
            teamId,
            egsId,
            d.icv,
            d.number,
            d.uuid,
            d.kind,
            d.profile,
            d.previousInvoiceHash,
            d.invoiceHash,
            d.xml,
            d.qr,
            d.netHalalas,
            d.vatHalalas,
            d.grossHalalas,
            d.periodStart,
            d.lineCount,
            d.billingReferenceId ?? null,
          ],
        );
        const claimed = updatedRows(
          await em.query(
            `UPDATE billing_lines SET einvoice_document_id = $1
              WHERE id = ANY($2::bigint[]) AND team_id = $3 AND einvoice_document_id IS NULL RETURNING id`,
            [d.id, d.lineIds, teamId],
          ),
        );
        if (claimed.length !== d.lineIds.length) throw new Error('ledger lines were invoiced by another issuer meanwhile');
        // RETURNING ran before the lines were claimed: their surcharges are summed here.
        documents.push({ ...toDocument(row), surchargesHalalas: surchargesOf(lines, d.lineIds) });
      }
      const last = drafts[drafts.length - 1];
      if (last) {
        await em.query('UPDATE einvoice_egs_units SET last_icv = $2, last_invoice_hash = $3 WHERE id = $1', [
          egsId,
          last.icv,
          last.invoiceHash,
        ]);
      }
      await appendAuditEvents(
        em,
        documents.map((d) => ({
          teamId,
          action: 'einvoice.issued',
          target: { type: 'einvoice', id: d.id },
          changes: { number: d.number, kind: d.kind, profile: d.profile, gross_halalas: d.grossHalalas },
          source,
        })),
      );
      return documents;
    });
  }

  private async uninvoiced(em: EntityManager, teamId: string, before: string | undefined): Promise<UninvoicedLine[]> {
    const rows: Array<{
      id: string;
      shipment_id: string;
      tracking_number: string;
      cause: string;
      amount_halalas: string;
      description_en: string;
      description_ar: string;
      period_start: string;
      credited_id: string | null;
      credited_number: string | null;
    }> = await em.query(
      `SELECT l.id::text AS id, l.shipment_id, l.tracking_number, l.cause, l.amount_halalas, l.description_en, l.description_ar,
              to_char(l.period_start, 'YYYY-MM-DD') AS period_start, d.id AS credited_id, d.number AS credited_number
         FROM billing_lines l
         LEFT JOIN LATERAL (
           SELECT doc.id, doc.number FROM billing_lines s JOIN einvoice_documents doc ON doc.id = s.einvoice_document_id
            WHERE l.cause = 'cancellation_credit' AND s.shipment_id = l.shipment_id AND s.cause = 'shipment'
              AND doc.kind = 'invoice' AND doc.status <> 'REJECTED'
            LIMIT 1
         ) d ON true
        WHERE l.team_id = $1 AND l.einvoice_document_id IS NULL AND ($2::date IS NULL OR l.period_start < $2::date)
        ORDER BY l.occurred_at, l.id
        FOR UPDATE OF l`,
      [teamId, before ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      shipmentId: r.shipment_id,
      trackingNumber: r.tracking_number,
      cause: r.cause,
      amountHalalas: Number(r.amount_halalas),
      descriptionEn: r.description_en,
      descriptionAr: r.description_ar,
      periodStart: r.period_start,
      creditedDocument: r.credited_id ? { id: r.credited_id, number: r.credited_number! } : undefined,
    }));
  }

  async recordOutcome(
    id: string,
    status: EinvoiceStatus,
    validation: EinvoiceDocument['validation'],
    clearedXml?: string,
  ): Promise<EinvoiceDocument> {
    return this.dataSource.transaction(async (em) => {
      const [row] = updatedRows<DocumentRow>(
        await em.query(
          `UPDATE einvoice_documents SET status = $2, validation = $3, xml = coalesce($4, xml), attempts = attempts + 1, updated_at = now()
            WHERE id = $1 RETURNING ${DOCUMENT_COLUMNS}`,
          [id, status, JSON.stringify(validation), clearedXml ?? null],
        ),
      );
      // A rejected document stays in the chain (its hash is the next one's PIH) but bills nothing:
      // its lines go on the next issue.
      if (status === 'REJECTED')
        await em.query('UPDATE billing_lines SET einvoice_document_id = NULL WHERE einvoice_document_id = $1', [id]);
      return toDocument(row);
    });
  }

  async countAttempt(id: string): Promise<void> {
    await this.dataSource.query('UPDATE einvoice_documents SET attempts = attempts + 1, updated_at = now() WHERE id = $1', [id]);
  }

  async pending(limit: number): Promise<EinvoiceDocument[]> {
    const rows: DocumentRow[] = await this.dataSource.query(
      `SELECT ${DOCUMENT_COLUMNS} FROM einvoice_documents WHERE status = 'PENDING_CLEARANCE' ORDER BY issued_at, icv LIMIT $1`,
      [limit],
    );
    return rows.map(toDocument);
  }

  async list(teamId: string, limit: number, offset: number): Promise<{ items: EinvoiceDocument[]; total: number }> {
    const [count] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM einvoice_documents WHERE team_id = $1 AND status <> 'REJECTED'`,
      [teamId],
    );
    const rows: DocumentRow[] = await this.dataSource.query(
      `SELECT ${DOCUMENT_COLUMNS} FROM einvoice_documents WHERE team_id = $1 AND status <> 'REJECTED'
        ORDER BY issued_at DESC, icv DESC LIMIT $2 OFFSET $3`,
      [teamId, limit, offset],
    );
    return { items: rows.map(toDocument), total: Number(count.n) };
  }

  async find(id: string): Promise<EinvoiceDocument | undefined> {
    const [row] = await this.dataSource.query(`SELECT ${DOCUMENT_COLUMNS} FROM einvoice_documents WHERE id = $1`, [id]);
    return row ? toDocument(row) : undefined;
  }

  async documentLines(id: string): Promise<DocumentLine[]> {
    const rows: Array<{
      shipment_id: string;
      cause: string;
      tracking_number: string;
      description_en: string;
      description_ar: string;
      amount_halalas: string;
      vat_halalas: string;
    }> = await this.dataSource.query(
      `SELECT shipment_id, cause, tracking_number, description_en, description_ar, amount_halalas, vat_halalas FROM billing_lines
          WHERE einvoice_document_id = $1 ORDER BY occurred_at, id`,
      [id],
    );
    return rows.map((r) => ({
      shipmentId: r.shipment_id,
      cause: r.cause,
      trackingNumber: r.tracking_number,
      descriptionEn: r.description_en,
      descriptionAr: r.description_ar,
      amountHalalas: Number(r.amount_halalas),
      vatHalalas: Number(r.vat_halalas),
    }));
  }

  async activeEgs(): Promise<StoredEgsUnit | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT id, common_name, private_key_encrypted, certificate, production_token, production_secret_encrypted, compliance_request_id
         FROM einvoice_egs_units ORDER BY created_at DESC LIMIT 1`,
    );
    if (!row) return undefined;
    return {
      id: row.id,
      commonName: row.common_name,
      privateKeyEncrypted: row.private_key_encrypted,
      certificate: row.certificate,
      productionToken: row.production_token,
      productionSecretEncrypted: row.production_secret_encrypted,
      complianceRequestId: row.compliance_request_id,
    };
  }

  async saveEgs(unit: StoredEgsUnit): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO einvoice_egs_units (id, common_name, private_key_encrypted, certificate, production_token,
         production_secret_encrypted, compliance_request_id, last_icv, last_invoice_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)`,
      [
        unit.id,
        unit.commonName,
        unit.privateKeyEncrypted,
        unit.certificate,
        unit.productionToken,
        unit.productionSecretEncrypted,
        unit.complianceRequestId,
        FIRST_PREVIOUS_INVOICE_HASH,
      ],
    );
  }
}

function surchargesOf(lines: readonly UninvoicedLine[], ids: readonly string[]): number {
  const settled = new Set(ids);
  return lines
    .filter((l) => settled.has(l.id) && !SUBTOTAL_CAUSES.includes(l.cause as BillingCause))
    .reduce((sum, l) => sum + l.amountHalalas, 0);
}
