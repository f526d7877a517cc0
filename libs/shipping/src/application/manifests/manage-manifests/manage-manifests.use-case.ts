import { Inject, Injectable } from '@nestjs/common';
import { DomainError, Money, ValidationError, CLOCK, ClockPort, CSV_CODEC, CsvCodecPort, parseQueryInteger } from '@lgw/kernel';
import { randomUUID } from 'node:crypto';
import {
  MANIFEST_RENDERER,
  MANIFEST_REPOSITORY,
  ManifestRecord,
  ManifestRendererPort,
  ManifestRepositoryPort,
} from '../../ports/manifest.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../list-shipments/list-shipments.use-case';

export interface ManifestView {
  readonly id: string;
  readonly carrier: string;
  readonly date: string;
  readonly shipment_count: number;
  readonly created_at: string;
}

export interface ManifestList {
  readonly manifests: ManifestView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export const MANIFEST_CSV_HEADER = [
  'position',
  'tracking_number',
  'shipment_id',
  'reference',
  'recipient_name',
  'destination_city',
  'parcels',
  'weight_kg',
  'cod_sar',
] as const;

const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Today in Asia/Riyadh (UTC+3 all year). */
export function riyadhDate(at: Date): string {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/** Carrier manifests: the end-of-day handover sheet of a carrier's labelled shipments. */
@Injectable()
export class ManifestsUseCase {
  constructor(
    @Inject(MANIFEST_REPOSITORY) private readonly manifests: ManifestRepositoryPort,
    @Inject(MANIFEST_RENDERER) private readonly renderer: ManifestRendererPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CSV_CODEC) private readonly csv: CsvCodecPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async create(command: { teamId: string; carrier: unknown; date?: unknown }): Promise<ManifestView> {
    if (typeof command.carrier !== 'string' || !this.catalogue.find(command.carrier)) {
      throw new ValidationError('carrier', 'must be the code of a registered carrier', 'يجب أن يكون رمز ناقل مسجل');
    }
    const now = this.clock.now();
    const date = command.date === undefined ? riyadhDate(now) : parseDate(command.date);
    const created = await this.manifests.create({
      id: randomUUID(),
      teamId: command.teamId,
      carrierCode: command.carrier,
      date,
      createdAt: now,
    });
    if (!created) {
      throw new ValidationError(
        'carrier',
        `no labelled shipment of this carrier waits for pickup outside a manifest of ${date}`,
        `لا توجد شحنات بملصقات لهذا الناقل بانتظار الاستلام خارج بيان يوم ${date}`,
      );
    }
    return toView(created);
  }

  /** The team's manifests, newest first, paged like GET /shipments (limit 1–100, default 20). */
  async list(query: { teamId: string; limit?: string; offset?: string }): Promise<ManifestList> {
    const limit = parseQueryInteger('limit', query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', query.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const { items, total } = await this.manifests.list(query.teamId, limit, offset);
    return { manifests: items.map(toView), total, limit, offset };
  }

  async get(teamId: string, id: string): Promise<ManifestView> {
    return toView(await this.find(teamId, id));
  }

  async pdf(teamId: string, id: string): Promise<Buffer> {
    const manifest = await this.find(teamId, id);
    const carrier = this.catalogue.find(manifest.carrierCode);
    return this.renderer.render({
      manifest,
      carrier: {
        code: manifest.carrierCode,
        name_en: carrier?.name_en ?? manifest.carrierCode,
        name_ar: carrier?.name_ar ?? manifest.carrierCode,
      },
      lines: await this.manifests.lines(manifest.id),
    });
  }

  /** The same lines as CSV, through the shared codec. */
  async csvFile(teamId: string, id: string): Promise<AsyncIterable<Uint8Array>> {
    const manifest = await this.find(teamId, id);
    const lines = await this.manifests.lines(manifest.id);
    async function* rows(): AsyncIterable<readonly string[]> {
      for (const l of lines) {
        yield [
          String(l.position),
          l.trackingNumber,
          l.shipmentId,
          l.reference ?? '',
          l.recipientName ?? '',
          l.destinationCity,
          String(l.parcelCount),
          String(l.weightKg),
          Money.ofHalalas(l.codAmountHalalas).toSarString(),
        ];
      }
    }
    return this.csv.format(MANIFEST_CSV_HEADER, rows());
  }

  private async find(teamId: string, id: string): Promise<ManifestRecord> {
    const manifest = await this.manifests.findForTeam(teamId, id);
    if (!manifest) throw new DomainError('E_NOT_FOUND');
    return manifest;
  }
}

function parseDate(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const parsed = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value) return value;
  }
  throw new ValidationError('date', 'must be a calendar date YYYY-MM-DD', 'يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD');
}

function toView(m: ManifestRecord): ManifestView {
  return { id: m.id, carrier: m.carrierCode, date: m.date, shipment_count: m.shipmentCount, created_at: m.createdAt.toISOString() };
}
