import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, ValidationError, CLOCK, ClockPort } from '@lgw/kernel';
import { DOCUMENT_STORE, DocumentStorePort, StagedDocument } from '../../ports/document-store.port';
import { SHIPMENT_DOCUMENT_REPOSITORY, ShipmentDocumentRepositoryPort } from '../../ports/shipment-document.repository.port';
import { shipmentOfTeam } from '../../shipment-of-team';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort } from '../../ports/shipment.repository.port';
import { sanitiseFilename } from '../document-filename';
import {
  DOCUMENT_CONTENT_TYPE,
  DOCUMENT_TYPES,
  isDocumentType,
  MAX_DOCUMENT_BYTES,
  PDF_SIGNATURE,
  ShipmentDocumentRecord,
  ShipmentDocumentView,
  toShipmentDocumentView,
} from '../shipment-document';
import { UploadFormPart, UploadShipmentDocumentCommand } from './upload-shipment-document.command';

export const FILE_FIELD = 'file';
export const TYPE_FIELD = 'type';

interface UploadForm {
  file?: StagedDocument;
  filename?: string;
  types: string[];
}

/**
 * Accepts one customs document. The form's `type` may come before or after the file, so
 * the file is streamed into staging (never held in memory) and judged once the whole form
 * has been read; only an accepted document is committed under its new id. Anything refused
 * — wrong type, not a PDF, too large, a broken upload — leaves nothing stored.
 */
@Injectable()
export class UploadShipmentDocumentUseCase {
  private readonly logger = new Logger('UploadShipmentDocument');

  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStorePort,
    @Inject(SHIPMENT_DOCUMENT_REPOSITORY) private readonly documents: ShipmentDocumentRepositoryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: UploadShipmentDocumentCommand): Promise<ShipmentDocumentView> {
    // Checked before any byte of the body is read: a wrong id costs no upload.
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    const form: UploadForm = { types: [] };
    let committed = false;
    try {
      await this.readForm(command.parts, form);
      const file = requireFile(form.file);
      const type = requireType(form.types);

      const id = randomUUID();
      const record: ShipmentDocumentRecord = {
        id,
        teamId: shipment.teamId,
        shipmentId: shipment.id,
        type,
        filename: sanitiseFilename(form.filename),
        contentType: DOCUMENT_CONTENT_TYPE,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        uploadedAt: this.clock.now(),
      };
      await this.store.commit(file, id);
      committed = true;
      try {
        await this.documents.insert(record);
      } catch (error) {
        await this.store.remove(id);
        throw error;
      }
      return toShipmentDocumentView(record);
    } finally {
      if (form.file && !committed) await this.discard(form.file);
    }
  }

  /** Fills `form` as parts arrive, so a failure half-way still knows what to clean up. */
  private async readForm(parts: AsyncIterable<UploadFormPart>, form: UploadForm): Promise<void> {
    for await (const part of parts) {
      if (part.kind === 'field') {
        if (part.field === TYPE_FIELD) form.types.push(part.value);
        continue;
      }
      if (part.field !== FILE_FIELD || form.file) {
        // Parts arrive one after another: an ignored file must still be read past.
        await drain(part.content);
        continue;
      }
      form.filename = part.filename;
      form.file = await this.store.stage(part.content, { maxBytes: MAX_DOCUMENT_BYTES, headBytes: PDF_SIGNATURE.length });
    }
  }

  private async discard(staged: StagedDocument): Promise<void> {
    try {
      await this.store.discard(staged);
    } catch (error) {
      this.logger.error({ event: 'document.discard_failed', err: error }, 'staged document could not be removed');
    }
  }
}

function requireFile(file: StagedDocument | undefined): StagedDocument {
  if (!file) throw new ValidationError(FILE_FIELD, 'is required: a PDF document', 'مطلوب: مستند PDF');
  if (file.truncated || file.sizeBytes > MAX_DOCUMENT_BYTES) {
    throw new DomainError('E_PAYLOAD_TOO_LARGE', { field: FILE_FIELD, max_bytes: MAX_DOCUMENT_BYTES });
  }
  if (file.sizeBytes === 0) throw new ValidationError(FILE_FIELD, 'must not be empty', 'يجب ألا يكون فارغاً');
  if (!file.head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
    throw new ValidationError(
      FILE_FIELD,
      'must be a PDF document (content starting with %PDF-)',
      'يجب أن يكون مستند PDF (محتوى يبدأ بـ %PDF-)',
    );
  }
  return file;
}

function requireType(values: readonly string[]) {
  if (values.length === 0)
    throw new ValidationError(
      TYPE_FIELD,
      `is required: one of ${DOCUMENT_TYPES.join(', ')}`,
      `مطلوب: إحدى القيم ${DOCUMENT_TYPES.join('، ')}`,
    );
  if (values.length > 1) throw new ValidationError(TYPE_FIELD, 'must be given once', 'يجب أن يُعطى مرة واحدة');
  const [value] = values;
  if (!isDocumentType(value))
    throw new ValidationError(
      TYPE_FIELD,
      `must be one of ${DOCUMENT_TYPES.join(', ')}`,
      `يجب أن يكون إحدى القيم: ${DOCUMENT_TYPES.join('، ')}`,
    );
  return value;
}

async function drain(content: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of content) {
    // discarded
  }
}
