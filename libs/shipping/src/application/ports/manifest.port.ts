/** An end-of-day handover list for one carrier: the shipments the courier takes. */
export interface ManifestRecord {
  readonly id: string;
  readonly teamId: string;
  readonly carrierCode: string;
  /** Calendar day in Asia/Riyadh, YYYY-MM-DD. */
  readonly date: string;
  readonly shipmentCount: number;
  readonly createdAt: Date;
}

/** One shipment on a manifest. Money in integer halalas. */
export interface ManifestLine {
  readonly position: number;
  readonly shipmentId: string;
  readonly trackingNumber: string;
  readonly reference: string | null;
  readonly recipientName: string | null;
  readonly destinationCity: string;
  readonly parcelCount: number;
  readonly weightKg: number;
  readonly codAmountHalalas: number;
}

export interface ManifestRepositoryPort {
  /**
   * Creates the manifest over every shipment of the team and carrier that is labelled and not
   * yet picked up (LABEL_GENERATED) and on no manifest of that day yet, in one transaction.
   * Null (nothing written) when there is no such shipment.
   */
  create(manifest: Omit<ManifestRecord, 'shipmentCount'>): Promise<ManifestRecord | null>;
  findForTeam(teamId: string, id: string): Promise<ManifestRecord | null>;
  /** The team's manifests, newest first, one page of them and how many there are in all. */
  list(teamId: string, limit: number, offset: number): Promise<{ items: ManifestRecord[]; total: number }>;
  /** The manifest's shipments in their order on the sheet. */
  lines(manifestId: string): Promise<ManifestLine[]>;
}

export const MANIFEST_REPOSITORY = Symbol('MANIFEST_REPOSITORY');

export interface ManifestDocument {
  readonly manifest: ManifestRecord;
  readonly carrier: { readonly code: string; readonly name_en: string; readonly name_ar: string };
  readonly lines: readonly ManifestLine[];
}

export interface ManifestRendererPort {
  /** A4 PDF handover sheet, as many pages as the lines need. */
  render(document: ManifestDocument): Promise<Buffer>;
}

export const MANIFEST_RENDERER = Symbol('MANIFEST_RENDERER');
