import { DataSource } from 'typeorm';
import { QuoteClaim, QuoteRepositoryPort, StoredQuote } from '@lgw/application';
import { updatedRows } from './sql-results';
import { WriteCoalescer } from '../support/write-coalescer';
import { isUuid } from '../support/uuid';

const COLUMNS = [
  'id',
  'team_id',
  'carrier_code',
  'service_code',
  'lane',
  'origin_country',
  'destination_country',
  'parcels_fingerprint',
  'chargeable_kg',
  'base_halalas',
  'weight_charge_halalas',
  'fuel_surcharge_halalas',
  'vat_halalas',
  'total_halalas',
  'created_at',
  'expires_at',
];

export interface QuoteRow {
  id: string;
  team_id: string;
  carrier_code: string;
  service_code: string;
  lane: StoredQuote['lane'];
  origin_country: string;
  destination_country: string;
  parcels_fingerprint: string;
  chargeable_kg: string;
  base_halalas: string;
  weight_charge_halalas: string;
  fuel_surcharge_halalas: string;
  vat_halalas: string;
  total_halalas: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

function values(q: StoredQuote): unknown[] {
  return [
    q.id,
    q.teamId,
    q.carrierCode,
    q.serviceCode,
    q.lane,
    q.originCountry,
    q.destinationCountry,
    q.parcelsFingerprint,
    q.chargeableKg,
    q.baseHalalas,
    q.weightChargeHalalas,
    q.fuelSurchargeHalalas,
    q.vatHalalas,
    q.totalHalalas,
    q.createdAt,
    q.expiresAt,
  ];
}

/**
 * POST /rates is the hottest write: each request's quotes are durable before it answers,
 * and concurrent requests share one multi-row INSERT (see WriteCoalescer).
 */
export class TypeOrmQuoteRepository implements QuoteRepositoryPort {
  private readonly writer = new WriteCoalescer<StoredQuote>((rows) => this.insert(rows), {
    maxRowsPerFlush: 1000,
    maxInFlight: 4,
  });

  /**
   * @param embedded PGlite behind its socket (one connection, the api's own thread): every
   * statement is a round trip through that socket, and the relaxed commit below buys nothing
   * there, so the batch is one plain INSERT instead of four statements.
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly embedded = false,
  ) {}

  saveMany(quotes: readonly StoredQuote[]): Promise<void> {
    return this.writer.write(quotes);
  }

  /**
   * A quote is worth 15 minutes: its insert does not wait for the WAL flush
   * (synchronous_commit off for this transaction only). A crash can lose the last few
   * milliseconds of quotes, which the client simply asks for again; nothing else relaxes.
   */
  private async insert(quotes: readonly StoredQuote[]): Promise<void> {
    const params: unknown[] = [];
    const tuples = quotes.map((q) => {
      const placeholders = values(q).map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const insert = `INSERT INTO quotes (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
    if (this.embedded) {
      await this.dataSource.query(insert, params);
      return;
    }
    await this.dataSource.transaction(async (em) => {
      await em.query('SET LOCAL synchronous_commit = off');
      await em.query(insert, params);
    });
  }

  async claim(claim: QuoteClaim): Promise<StoredQuote | null> {
    if (!isUuid(claim.quoteId)) return null;
    const result = await this.dataSource.query(
      `UPDATE quotes SET used_at = $3
        WHERE team_id = $1 AND id = $2 AND used_at IS NULL AND expires_at > $3
          AND parcels_fingerprint = $4 AND origin_country = $5 AND destination_country = $6
        RETURNING *`,
      [claim.teamId, claim.quoteId, claim.now, claim.parcelsFingerprint, claim.originCountry, claim.destinationCountry],
    );
    const rows = updatedRows(result);
    return rows[0] ? toStoredQuote(rows[0] as QuoteRow) : null;
  }

  async release(teamId: string, quoteId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE quotes SET used_at = NULL
        WHERE team_id = $1 AND id = $2 AND NOT EXISTS (SELECT 1 FROM shipments WHERE quote_id = $2)`,
      [teamId, quoteId],
    );
  }

  async findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null> {
    if (!isUuid(quoteId)) return null;
    const rows: QuoteRow[] = await this.dataSource.query('SELECT * FROM quotes WHERE team_id = $1 AND id = $2', [teamId, quoteId]);
    return rows[0] ? toStoredQuote(rows[0]) : null;
  }
}

export function toStoredQuote(row: QuoteRow): StoredQuote {
  return {
    id: row.id,
    teamId: row.team_id,
    carrierCode: row.carrier_code,
    serviceCode: row.service_code,
    lane: row.lane,
    originCountry: row.origin_country,
    destinationCountry: row.destination_country,
    parcelsFingerprint: row.parcels_fingerprint,
    chargeableKg: Number(row.chargeable_kg),
    baseHalalas: Number(row.base_halalas),
    weightChargeHalalas: Number(row.weight_charge_halalas),
    fuelSurchargeHalalas: Number(row.fuel_surcharge_halalas),
    vatHalalas: Number(row.vat_halalas),
    totalHalalas: Number(row.total_halalas),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}
