import type { ConnectionAccount } from '@lgw/carrier-access';

/** The Quote resource of docs/api.md §2, exactly as the API returns it. */
export interface QuoteView {
  readonly quote_id: string;
  readonly carrier: { readonly code: string; readonly name_ar: string; readonly name_en: string };
  readonly service: { readonly code: string; readonly name_ar: string; readonly name_en: string; readonly mode: string };
  readonly transit_days: { readonly min: number; readonly max: number };
  /** If booked now: an Asia/Riyadh date, the longest transit counted in the carrier's delivery days from today's cut-off. */
  readonly estimated_delivery_date: string;
  readonly weights: {
    readonly actual_kg: number;
    readonly volumetric_kg: number;
    readonly chargeable_kg: number;
    readonly volumetric_divisor: number;
    readonly weight_break_applied: string;
  };
  readonly breakdown: ReadonlyArray<{
    readonly code: string;
    readonly label_en: string;
    readonly label_ar: string;
    readonly amount_sar: number;
  }>;
  readonly total_sar: number;
  readonly currency: 'SAR';
  readonly expires_at: string;
  /** The carrier connection the quote is priced and will be booked on (docs/adr/0065). */
  readonly connection_id: string | null;
  /** `own`: the team's own contract with the carrier; `platform`: the platform's. */
  readonly account: ConnectionAccount;
  /** Preferred by the shipping rule that applied to the request. */
  readonly recommended: boolean;
  /** The shipping rule that shaped this answer (which quotes, in what order); null when none applied. */
  readonly rule_id: string | null;
  /** Share of the team's deliveries on this lane by this service that arrived by their estimate; null below 20 deliveries. */
  readonly on_time_rate: number | null;
}

/** A non-blocking advisory of POST /rates, as shipments carry them: {code, message_en, message_ar}. */
export interface RatesWarning {
  readonly code: string;
  readonly message_en: string;
  readonly message_ar: string;
}

/** The answer of POST /rates: the quotes, and warnings only when there is something to say. */
export interface RatesView {
  readonly quotes: QuoteView[];
  readonly warnings?: RatesWarning[];
}
