import {
  ExceptionType,
  FieldProblem,
  ShipmentStatus,
  STATUS_LABELS,
  addCalendarDays,
  DeliveryCalendar,
  isCalendarDate,
  isDeliveryDay,
  riyadhDateOf,
} from '@lgw/kernel';

/**
 * A delivery that did not happen (docs/adr/0083-delivery-issues-and-recipients.md): the carrier
 * tried and failed, could not find the address, or the recipient refused the parcel. The issue
 * stays with the shipment until it is delivered or sent back; the merchant (or the recipient on
 * the tracking page) answers it with an action before its deadline.
 */
export const DELIVERY_ISSUE_KINDS = ['FAILED_DELIVERY_ATTEMPT', 'ADDRESS_ISSUE', 'REFUSED'] as const;
export type DeliveryIssueKind = (typeof DELIVERY_ISSUE_KINDS)[number];

export const DELIVERY_ISSUE_STATUSES = ['OPEN', 'ACTION_REQUESTED', 'RESOLVED', 'RETURNING'] as const;
export type DeliveryIssueStatus = (typeof DELIVERY_ISSUE_STATUSES)[number];

export const DELIVERY_ISSUE_ACTIONS = ['reattempt', 'update_contact', 'return_to_origin'] as const;
export type DeliveryIssueActionName = (typeof DELIVERY_ISSUE_ACTIONS)[number];

/** How an action reached the carrier: through its API, or as an instruction for its manifest and passthrough. */
export type DeliveryActionChannel = 'carrier' | 'instruction';

/** Who asked for an action. */
export type DeliveryActionActor = 'merchant' | 'recipient' | 'gateway';

export interface DeliveryIssueAction {
  readonly action: DeliveryIssueActionName;
  readonly via: DeliveryActionChannel;
  readonly by: DeliveryActionActor;
  readonly at: Date;
  readonly reattemptDate?: string;
  readonly phone?: string;
  readonly destinationChanged?: boolean;
  readonly note?: string;
  /** Why the gateway sent it back by itself (auto return): attempts or deadline. */
  readonly reason?: 'attempts' | 'deadline';
}

export interface DeliveryIssue {
  readonly id: string;
  readonly kind: DeliveryIssueKind;
  readonly status: DeliveryIssueStatus;
  /** Failed deliveries since the issue opened (a refusal or an address the courier could not find counts as one). */
  readonly attempts: number;
  readonly carrierReasonEn: string;
  readonly carrierReasonAr: string;
  readonly openedAt: Date;
  /** The carrier holds the parcel until then; after it, the gateway sends it back. */
  readonly deadlineAt: Date;
  readonly actions: readonly DeliveryIssueAction[];
  readonly resolvedAt: Date | null;
}

/** How long a carrier holds a parcel after a failed delivery before it must be answered. */
export const DELIVERY_ISSUE_HOLD_DAYS = 7;
/** The team setting's default: the third failed attempt sends the parcel back. */
export const DEFAULT_AUTO_RETURN_AFTER_ATTEMPTS = 3;
export const MAX_AUTO_RETURN_AFTER_ATTEMPTS = 10;

/** The exception a carrier reported, as the kind of delivery issue it opens (or none). */
export function deliveryIssueKindOf(
  exceptionType: ExceptionType | null | undefined,
  carrierStatus?: string | null,
): DeliveryIssueKind | null {
  if (exceptionType === 'ADDRESS_ISSUE') return 'ADDRESS_ISSUE';
  if (exceptionType !== 'FAILED_DELIVERY_ATTEMPT') return null;
  // Carriers report a refusal as a failed attempt with their own code or words for it.
  return carrierStatus && /REFUS|REJECT/i.test(carrierStatus) ? 'REFUSED' : 'FAILED_DELIVERY_ATTEMPT';
}

/** Waiting for an answer, or for the carrier to act on one. */
export function isActive(issue: DeliveryIssue | null | undefined): boolean {
  return !!issue && (issue.status === 'OPEN' || issue.status === 'ACTION_REQUESTED');
}

/** What may be asked of the carrier now: nothing once the issue is over or the parcel is on its way back. */
export function actionsAllowed(issue: DeliveryIssue | null | undefined): DeliveryIssueActionName[] {
  if (!issue || !isActive(issue)) return [];
  // A refusal is the recipient's answer: the parcel may go again (the merchant agreed with them) or back.
  if (issue.kind === 'REFUSED') return ['reattempt', 'return_to_origin'];
  return ['reattempt', 'update_contact', 'return_to_origin'];
}

const KIND_REASON: Record<DeliveryIssueKind, { en: string; ar: string }> = {
  FAILED_DELIVERY_ATTEMPT: STATUS_LABELS.EXCEPTION_FAILED_DELIVERY_ATTEMPT,
  ADDRESS_ISSUE: STATUS_LABELS.EXCEPTION_ADDRESS_ISSUE,
  REFUSED: { en: 'The recipient refused the parcel', ar: 'رفض المستلم استلام الشحنة' },
};

export interface ReportedDeliveryFailure {
  readonly kind: DeliveryIssueKind;
  readonly carrierStatus?: string | null;
  readonly occurredAt: Date;
}

/**
 * A failed delivery reported by the carrier: opens an issue (a new one when none is active), or
 * counts one more attempt on the active one, which waits for an answer again (OPEN).
 */
export function afterDeliveryFailure(
  issue: DeliveryIssue | null | undefined,
  failure: ReportedDeliveryFailure,
  id: string,
  now: Date,
): DeliveryIssue {
  const reason = carrierReason(failure);
  if (issue && (isActive(issue) || issue.status === 'RETURNING')) {
    return {
      ...issue,
      kind: failure.kind,
      status: issue.status === 'RETURNING' ? 'RETURNING' : 'OPEN',
      attempts: issue.attempts + 1,
      carrierReasonEn: reason.en,
      carrierReasonAr: reason.ar,
    };
  }
  return {
    id,
    kind: failure.kind,
    status: 'OPEN',
    attempts: 1,
    carrierReasonEn: reason.en,
    carrierReasonAr: reason.ar,
    openedAt: now,
    deadlineAt: new Date(now.getTime() + DELIVERY_ISSUE_HOLD_DAYS * 24 * 3_600_000),
    actions: [],
    resolvedAt: null,
  };
}

function carrierReason(failure: ReportedDeliveryFailure): { en: string; ar: string } {
  const label = KIND_REASON[failure.kind];
  const own = failure.carrierStatus?.trim();
  // The carrier's own code says more than the kind when it is not just the gateway's name for it.
  return own && !/^EXCEPTION/i.test(own) ? { en: `${label.en} (${own})`, ar: `${label.ar} (${own})` } : label;
}

/** Where the issue goes when the shipment's status moves: delivered resolves it, the return leg sends it back. */
export function afterStatusChange(issue: DeliveryIssue | null | undefined, status: ShipmentStatus, now: Date): DeliveryIssue | null {
  if (!issue || issue.status === 'RESOLVED') return issue ?? null;
  if (status === 'DELIVERED') return { ...issue, status: 'RESOLVED', resolvedAt: now };
  if ((status === 'RETURN_TO_ORIGIN' || status === 'RETURNED') && issue.status !== 'RETURNING') {
    return { ...issue, status: 'RETURNING', resolvedAt: now };
  }
  return issue;
}

export interface DeliveryActionRequest {
  readonly action: DeliveryIssueActionName;
  readonly reattemptDate?: string;
  /** Stored form: ASCII digits with the country code (9665XXXXXXXX in Saudi Arabia). */
  readonly phone?: string;
  readonly destinationChanged?: boolean;
  readonly note?: string;
}

/** Whether a phone number is one the courier can call, in the stored form (the address rules'). */
export function isCallablePhone(phone: string, country: string): boolean {
  return country.toUpperCase() === 'SA' ? /^9665\d{8}$/.test(phone) : /^[1-9]\d{7,14}$/.test(phone);
}

/**
 * Every problem with an action's data (422), in field order: the reattempt date (a real date,
 * after today, a day the carrier delivers, before the deadline), the phone. Whether the action is
 * allowed at all is asked first (assertActionAllowed, 409).
 */
export function deliveryActionProblems(
  issue: DeliveryIssue,
  request: DeliveryActionRequest,
  calendar: DeliveryCalendar,
  destinationCountry: string,
  now: Date,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (request.action === 'reattempt') {
    const date = request.reattemptDate;
    const today = riyadhDateOf(now);
    const last = riyadhDateOf(issue.deadlineAt);
    if (date === undefined) {
      problems.push({ field: 'reattempt_date', reason: 'is required for a reattempt', reason_ar: 'تاريخ إعادة المحاولة مطلوب' });
    } else if (!isCalendarDate(date)) {
      problems.push({ field: 'reattempt_date', reason: 'must be a date YYYY-MM-DD', reason_ar: 'يجب أن يكون تاريخاً بصيغة YYYY-MM-DD' });
    } else {
      if (date <= today) {
        problems.push({
          field: 'reattempt_date',
          reason: `must be after today (${today}, Asia/Riyadh)`,
          reason_ar: `يجب أن يكون بعد اليوم (${today} بتوقيت الرياض)`,
        });
      }
      if (date > last) {
        problems.push({
          field: 'reattempt_date',
          reason: `must not be after the deadline (${last}, Asia/Riyadh)`,
          reason_ar: `يجب ألا يتجاوز المهلة (${last} بتوقيت الرياض)`,
        });
      }
      if (!isDeliveryDay(date, calendar)) {
        problems.push({
          field: 'reattempt_date',
          reason: 'is not a day the carrier delivers (Friday or a public holiday)',
          reason_ar: 'ليس يوماً تسلّم فيه شركة الشحن (الجمعة أو عطلة رسمية)',
        });
      }
    }
  }
  if (request.action === 'update_contact') {
    if (request.phone === undefined && !request.destinationChanged) {
      problems.push({ field: 'phone', reason: 'a phone or a destination is required', reason_ar: 'رقم الجوال أو العنوان مطلوب' });
    }
  }
  if (request.phone !== undefined && !isCallablePhone(request.phone, destinationCountry)) {
    problems.push({
      field: 'phone',
      reason:
        destinationCountry.toUpperCase() === 'SA'
          ? 'must be a Saudi mobile number: 9665 and 8 digits'
          : 'must be 8 to 15 digits with the country code',
      reason_ar:
        destinationCountry.toUpperCase() === 'SA'
          ? 'يجب أن يكون رقم جوال سعودي: 9665 ثم 8 أرقام'
          : 'يجب أن يكون من 8 إلى 15 رقماً مع رمز الدولة',
    });
  }
  return problems;
}

/** The issue once an action was sent to the carrier or recorded for it. */
export function afterAction(issue: DeliveryIssue, action: DeliveryIssueAction): DeliveryIssue {
  return {
    ...issue,
    status: action.action === 'return_to_origin' ? 'RETURNING' : 'ACTION_REQUESTED',
    actions: [...issue.actions, action],
    resolvedAt: action.action === 'return_to_origin' ? action.at : issue.resolvedAt,
  };
}

/**
 * Whether the gateway sends the parcel back by itself: the carrier failed `limit` times, or the
 * deadline passed with nothing asked of the carrier since the last failure.
 */
export function autoReturnReason(issue: DeliveryIssue | null | undefined, limit: number, now: Date): 'attempts' | 'deadline' | null {
  if (!issue || !isActive(issue)) return null;
  if (issue.attempts >= limit) return 'attempts';
  if (now.getTime() >= issue.deadlineAt.getTime() && issue.status === 'OPEN') return 'deadline';
  return null;
}

/** The issue as stored (JSON): dates as ISO strings. */
export function storedDeliveryIssue(issue: DeliveryIssue | null): Record<string, unknown> | null {
  if (!issue) return null;
  return {
    ...issue,
    openedAt: issue.openedAt.toISOString(),
    deadlineAt: issue.deadlineAt.toISOString(),
    resolvedAt: issue.resolvedAt ? issue.resolvedAt.toISOString() : null,
    actions: issue.actions.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}

/** The issue read back from storage. */
export function restoredDeliveryIssue(value: unknown): DeliveryIssue | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown> & { actions?: Array<Record<string, unknown>> };
  return {
    ...(v as unknown as DeliveryIssue),
    openedAt: new Date(String(v.openedAt)),
    deadlineAt: new Date(String(v.deadlineAt)),
    resolvedAt: v.resolvedAt ? new Date(String(v.resolvedAt)) : null,
    actions: (v.actions ?? []).map((a) => ({ ...(a as unknown as DeliveryIssueAction), at: new Date(String(a.at)) })),
  };
}

/** The Riyadh date a deadline falls on. */
export function deadlineDate(issue: DeliveryIssue): string {
  return riyadhDateOf(issue.deadlineAt);
}

/** Reattempt dates the recipient may pick: the carrier's delivery days from tomorrow to the deadline. */
export function reattemptDates(issue: DeliveryIssue, calendar: DeliveryCalendar, now: Date): string[] {
  const dates: string[] = [];
  const last = riyadhDateOf(issue.deadlineAt);
  for (let day = addCalendarDays(riyadhDateOf(now), 1); day <= last; day = addCalendarDays(day, 1)) {
    if (isDeliveryDay(day, calendar)) dates.push(day);
  }
  return dates;
}
