import { randomBytes } from 'node:crypto';
import {
  CsvRow,
  isCancellable,
  isRedirectable,
  keepMap,
  SandboxParty,
  SandboxState,
  testBookingRefusal,
  writeCsv,
} from '../../shared/sandbox';
import { DARB_SERVICE, DarbFileType, ORDER_RESULT_COLUMNS, UPDATE_RESULT_COLUMNS } from './darb-formats';
import { DarbRangeBook } from './darb-ranges';

const MAX_WAIT_MS = 10_000;
/** Old files are forgotten beyond this many, so a long soak test does not grow without bound. */
const MAX_FILES_KEPT = 1_000;

export interface DarbFile {
  readonly file_id: string;
  readonly type: DarbFileType;
  /** Emptied once processed; rowCount stays. */
  rows: CsvRow[];
  readonly rowCount: number;
  readonly received_at: Date;
  status: 'received' | 'done';
  result?: string;
  /** The merchant account whose key uploaded it (its bookings are that account's). */
  readonly account?: string;
  readonly waiters: (() => void)[];
}

const positive = (value: string | undefined) => value !== undefined && value !== '' && Number(value) > 0;

function consigneeOf(row: CsvRow): SandboxParty {
  const opt = (v: string | undefined) => (v ? v : undefined);
  return {
    name: opt(row.consignee_name),
    phone: opt(row.consignee_phone),
    city: row.consignee_city ?? '',
    region: opt(row.consignee_region),
    line1: opt(row.consignee_address),
    short_address: opt(row.consignee_short_address),
    postal_code: opt(row.consignee_postal_code),
    additional_number: opt(row.consignee_additional_number),
    country: (row.consignee_country || 'SA').toUpperCase(),
  };
}

/**
 * Darb's file intake: files are accepted at once and processed a moment later, and the
 * result is a CSV fetched by file id (long-polling allowed).
 */
export class DarbFileDesk {
  private readonly files = new Map<string, DarbFile>();
  /** order_ref → tracking number: a re-sent order is answered DUPLICATE, never booked twice. */
  private readonly orders = new Map<string, string>();

  constructor(
    private readonly state: SandboxState,
    private readonly code: string,
    private readonly ranges: DarbRangeBook,
  ) {
    state.onReset(() => {
      for (const file of this.files.values()) this.finish(file, '');
      this.files.clear();
      this.orders.clear();
    });
    keepMap(state, `${code}.orders`, this.orders);
  }

  receive(type: DarbFileType, rows: CsvRow[], account?: string): DarbFile {
    const file: DarbFile = {
      account,
      file_id: `F${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`,
      type,
      rows,
      rowCount: rows.length,
      received_at: new Date(),
      status: 'received',
      waiters: [],
    };
    this.files.set(file.file_id, file);
    if (this.files.size > MAX_FILES_KEPT) this.files.delete(this.files.keys().next().value as string);
    setImmediate(() => void this.process(file));
    return file;
  }

  /** The consignment an order_ref booked, if any. */
  orderOf(orderRef: string): string | undefined {
    return this.orders.get(orderRef);
  }

  find(fileId: string): DarbFile | undefined {
    return this.files.get(fileId);
  }

  /** Resolves when the file is processed or the wait is over, whichever comes first. */
  waitFor(file: DarbFile, waitMs: number): Promise<void> {
    if (file.status === 'done' || waitMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.min(waitMs, MAX_WAIT_MS));
      timer.unref();
      file.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async process(file: DarbFile): Promise<void> {
    if (this.files.get(file.file_id) !== file) return;
    const result =
      file.type === 'orders'
        ? await writeCsv(
            ORDER_RESULT_COLUMNS,
            file.rows.map((row) => this.bookRow(row, file.account)),
          )
        : await writeCsv(
            UPDATE_RESULT_COLUMNS,
            file.rows.map((row) =>
              file.type === 'cancellations' ? this.cancelRow(row, file.account) : this.redirectRow(row, file.account),
            ),
          );
    this.finish(file, result);
  }

  private finish(file: DarbFile, result: string): void {
    file.status = 'done';
    file.result = result;
    file.rows = [];
    for (const wake of file.waiters.splice(0)) wake();
  }

  private bookRow(row: CsvRow, account: string | undefined): CsvRow {
    const answer = (result: string, tracking: string, code = '', message = '') => ({
      order_ref: row.order_ref ?? '',
      tracking_number: tracking,
      result,
      error_code: code,
      error_message: message,
    });
    const tn = row.tracking_number ?? '';
    if (!row.order_ref) return answer('REJECTED', tn, 'INVALID_ROW', 'order_ref is required');
    const previous = this.orders.get(row.order_ref);
    if (previous) return answer('DUPLICATE', previous);
    if (!this.ranges.isIssued(tn))
      return answer('REJECTED', tn, 'TRACKING_NUMBER_NOT_ISSUED', 'tracking number is outside every issued range');
    if (this.state.findShipment(this.code, tn)) return answer('REJECTED', tn, 'TRACKING_NUMBER_IN_USE', 'tracking number already used');
    if (row.service !== DARB_SERVICE) return answer('REJECTED', tn, 'UNKNOWN_SERVICE', `service must be ${DARB_SERVICE}`);
    const consignee = consigneeOf(row);
    const shipperCountry = (row.shipper_country || 'SA').toUpperCase();
    if (consignee.country !== 'SA' || shipperCountry !== 'SA') {
      return answer('REJECTED', tn, 'OUT_OF_COVERAGE', 'Darb delivers inside Saudi Arabia only');
    }
    const problems: string[] = [];
    if (!consignee.city) problems.push('consignee_city is required');
    if (!row.shipper_city) problems.push('shipper_city is required');
    if (!/^[1-9]\d*$/.test(row.pieces ?? '')) problems.push('pieces must be a whole number >= 1');
    for (const field of ['weight_kg', 'length_cm', 'width_cm', 'height_cm']) {
      if (!positive(row[field])) problems.push(`${field} must be positive`);
    }
    if (problems.length > 0) return answer('REJECTED', tn, 'INVALID_ROW', problems.join('; '));
    const refusal = testBookingRefusal(row.merchant_ref);
    if (refusal) return answer('REJECTED', tn, 'INVALID_ROW', refusal);

    this.orders.set(row.order_ref, tn);
    this.state.addShipment({
      carrier: this.code,
      trackingNumber: tn,
      carrierReference: row.order_ref,
      service: row.service,
      clientReference: row.order_ref,
      merchantReference: row.merchant_ref || undefined,
      ...(row.cod_sar && Number(row.cod_sar) > 0 ? { codAmountHalalas: Math.round(Number(row.cod_sar) * 100) } : {}),
      account,
      origin: {
        name: row.shipper_name || undefined,
        phone: row.shipper_phone || undefined,
        city: row.shipper_city,
        short_address: row.shipper_short_address || undefined,
        country: shipperCountry,
      },
      destination: consignee,
      // One line per consignment: total weight and the largest piece's dimensions.
      parcels: [
        {
          weight_kg: Number(row.weight_kg),
          length_cm: Number(row.length_cm),
          width_cm: Number(row.width_cm),
          height_cm: Number(row.height_cm),
        },
      ],
      native: row,
    });
    return answer('ACCEPTED', tn);
  }

  private cancelRow(row: CsvRow, account: string | undefined): CsvRow {
    const tn = row.tracking_number ?? '';
    const answer = (result: string, code = '', message = '') => ({ tracking_number: tn, result, error_code: code, error_message: message });
    const shipment = this.state.findShipment(this.code, tn);
    if (!shipment) return answer('REJECTED', 'UNKNOWN_TRACKING_NUMBER', 'no such consignment');
    if (shipment.cancelled) return answer('ALREADY_CANCELLED');
    if (!isCancellable(shipment)) {
      return answer('REJECTED', 'NOT_CANCELLABLE', 'consignment already picked up');
    }
    this.state.cancel(shipment, row.reason || undefined, account);
    return answer('CANCELLED');
  }

  private redirectRow(row: CsvRow, account: string | undefined): CsvRow {
    const tn = row.tracking_number ?? '';
    const answer = (result: string, code = '', message = '') => ({ tracking_number: tn, result, error_code: code, error_message: message });
    const shipment = this.state.findShipment(this.code, tn);
    if (!shipment) return answer('REJECTED', 'UNKNOWN_TRACKING_NUMBER', 'no such consignment');
    if (!isRedirectable(shipment)) return answer('REJECTED', 'NOT_MODIFIABLE', 'consignment closed');
    const consignee = consigneeOf(row);
    if (!consignee.city) return answer('REJECTED', 'INVALID_ROW', 'consignee_city is required');
    if (consignee.country !== 'SA') return answer('REJECTED', 'OUT_OF_COVERAGE', 'Darb delivers inside Saudi Arabia only');
    this.state.updateDestination(shipment, consignee, row, account);
    return answer('UPDATED');
  }
}
