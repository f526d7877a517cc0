import { BATCH_CSV_COLUMNS, BatchCsvRow, MAX_BATCH_ROWS } from '../../domain/batch-csv-format';
import {
  BatchRowProblem,
  batchRowDestination,
  orderCodDisagreement,
  orderDisagreements,
  orderRecipientOf,
  malformedCsv,
  StatedCod,
  statedCodAfter,
  tooManyRows,
  validateBatchRow,
  wrongColumnCount,
} from '../../domain/batch-row-rules';
import { CsvSyntaxError } from '@lgw/kernel';
import { BatchOrderDraft } from '../ports/fulfilment-batch.repository.port';

/** One data row as read: row_number counts data rows from 1 (the header is not counted). */
export interface ScannedRow {
  readonly rowNumber: number;
  readonly problems: readonly BatchRowProblem[];
  /** The cells as read (none for a record that could not be read). */
  readonly cells: readonly string[];
  /** seq of the row's order (its first appearance), 0 when the row names none. */
  readonly orderSeq: number;
}

interface OrderAccumulator {
  seq: number;
  firstRowNumber: number;
  recipient: readonly string[];
  draft: Omit<BatchOrderDraft, 'shipmentId' | 'seq' | 'rowCount' | 'totalQty' | 'codAmountHalalas'>;
  rowCount: number;
  totalQty: number;
  /** The order's cash on delivery (stated once, repeated or left empty on its other rows). */
  cod: StatedCod | null;
}

/**
 * Applies the row rules to a stream of records (header first) and folds valid rows into
 * orders. Memory: one entry per distinct order_ref (bounded by the 100,000-row limit),
 * never the rows themselves.
 */
export class BatchScan {
  readonly orders = new Map<string, OrderAccumulator>();
  rowCount = 0;
  problemRows = 0;
  private lastOrderSeq = 0;

  async *rows(records: AsyncIterable<string[]>): AsyncGenerator<ScannedRow> {
    let header = true;
    const guarded = async function* () {
      try {
        yield* records;
      } catch (error) {
        if (!(error instanceof CsvSyntaxError)) throw error;
        yield null;
      }
    };
    for await (const cells of guarded()) {
      if (cells === null) {
        this.problemRows += 1;
        yield { rowNumber: this.rowCount + 1, problems: [malformedCsv()], cells: [], orderSeq: 0 };
        return;
      }
      if (header) {
        header = false;
        continue;
      }
      const rowNumber = this.rowCount + 1;
      if (rowNumber > MAX_BATCH_ROWS) {
        this.problemRows += 1;
        yield { rowNumber, problems: [tooManyRows()], cells, orderSeq: 0 };
        return;
      }
      this.rowCount = rowNumber;
      const problems = this.check(cells, rowNumber);
      if (problems.length > 0) this.problemRows += 1;
      yield { rowNumber, problems, cells, orderSeq: this.lastOrderSeq };
    }
  }

  private check(cells: readonly string[], rowNumber: number): BatchRowProblem[] {
    this.lastOrderSeq = 0;
    if (cells.length !== BATCH_CSV_COLUMNS.length) return [wrongColumnCount()];
    const row = Object.fromEntries(BATCH_CSV_COLUMNS.map((column, i) => [column, cells[i]])) as unknown as BatchCsvRow;
    const problems = validateBatchRow(row);
    const orderRef = row.order_ref.trim();
    if (orderRef === '') return problems;
    const order = this.orders.get(orderRef);
    if (!order) {
      this.lastOrderSeq = this.orders.size + 1;
      this.orders.set(orderRef, {
        seq: this.orders.size + 1,
        firstRowNumber: rowNumber,
        recipient: orderRecipientOf(row),
        draft: { orderRef, destination: batchRowDestination(row) },
        rowCount: 1,
        totalQty: problems.length === 0 ? Number(row.qty.trim()) : 0,
        cod: problems.length === 0 ? statedCodAfter(null, row, rowNumber) : null,
      });
      return problems;
    }
    this.lastOrderSeq = order.seq;
    const cod = orderCodDisagreement(order.cod, row);
    const disagreements = [...orderDisagreements(order.recipient, row, order.firstRowNumber), ...(cod ? [cod] : [])];
    const all = [...problems, ...disagreements.filter((d) => !problems.some((p) => p.field === d.field))];
    order.rowCount += 1;
    if (all.length === 0) {
      order.totalQty += Number(row.qty.trim());
      order.cod = statedCodAfter(order.cod, row, rowNumber);
    }
    return all;
  }

  /** The orders of a fully valid file, in order of first appearance. */
  drafts(shipmentId: (orderRef: string) => string): BatchOrderDraft[] {
    return [...this.orders.values()].map((o) => ({
      ...o.draft,
      shipmentId: shipmentId(o.draft.orderRef),
      seq: o.seq,
      rowCount: o.rowCount,
      totalQty: o.totalQty,
      codAmountHalalas: o.cod?.halalas ?? 0,
    }));
  }
}
