import { defineJob } from '@lgw/kernel';

/** Cash-on-delivery settings (docs/adr/0044-cod-remittances.md). */
export interface CodSettings {
  /** Collected cash not paid out after this many days counts as overdue (COD_OVERDUE_DAYS). */
  readonly overdueDays: number;
}

export const COD_SETTINGS = Symbol('COD_SETTINGS');

/** The recurring job that reads each carrier's payouts; one schedule per carrier. */
export const COD_REMITTANCE_QUEUE = 'cod-remittances';

/** Reads one carrier's payouts; its schedules are named `payouts-<carrier code>`. */
export const IMPORT_REMITTANCES_JOB = defineJob<{ readonly carrierCode: string }>(COD_REMITTANCE_QUEUE, 'payouts');
