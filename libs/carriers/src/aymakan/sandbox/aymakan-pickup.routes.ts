import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, CarrierState, isCancellable, isRecord, parseJsonBody, SandboxPickup, SandboxState, str } from '../../shared/sandbox';

const RIYADH_MS = 3 * 3_600_000;
/** Laravel's default page size. */
const PER_PAGE = 15;
/** The slots the simulator opens on a collection day, labelled as Aymakan labels them (its morning hours are assumed). */
const SLOT_LABELS: Readonly<Record<string, string>> = {
  morning: 'Morning (09 AM - 02 PM)',
  afternoon: 'After Noon (02 PM - 06 PM)',
  evening: 'Evening (06 PM - 09 PM)',
};
const SLOT_HOURS: Readonly<Record<string, { from: string; to: string }>> = {
  morning: { from: '09:00', to: '14:00' },
  afternoon: { from: '14:00', to: '18:00' },
  evening: { from: '18:00', to: '21:00' },
};
/** The gateway's pickup id at the end of the address line (the simulator shows it as the collection's reference). */
const GATEWAY_REFERENCE = /\s\[ref ([0-9a-f-]{36})\]$/;

/** What the simulator keeps of a collection beyond the sandbox's record. */
interface AymakanPickupNative {
  readonly id: number;
  readonly account: string | undefined;
  readonly request: Record<string, unknown>;
  readonly createdAt: string;
}

const riyadhToday = () => new Date(Date.now() + RIYADH_MS).toISOString().slice(0, 10);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The day's open slots: none on Friday, Aymakan's day off in this simulator as in the gateway's calendar. */
function slotsOf(day: string): Record<string, string> {
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 5 ? {} : { ...SLOT_LABELS };
}

function dateProblems(day: string | undefined): string[] {
  if (!day || !isDay(day)) return ['The pickup date is not a valid date.', 'The pickup date does not match the format Y-m-d.'];
  return day < riyadhToday() ? ['The pickup date must be a date after or equal to today.'] : [];
}

const invalid = (reply: FastifyReply, errors: Record<string, string[]>) =>
  reply.code(422).send({ error: true, message: 'Validation Error', errors });

/**
 * Aymakan's pickup requests (docs/carriers/aymakan.md, pickups): time slots per day, a request
 * that counts the shipments to collect (naming one AWB only when it is one), the account's list
 * newest first a page at a time, and cancel while pending. Each account sees its own.
 */
export function aymakanPickupRoutes(scope: FastifyInstance, state: SandboxState, carrier: CarrierState): void {
  let nextId = 4000 + Math.floor(Math.random() * 1000);
  const nativeOf = (p: SandboxPickup) => p.native as AymakanPickupNative;
  const ofCaller = (request: FastifyRequest) =>
    [...carrier.pickups.values()].filter((p) => nativeOf(p).account === undefined || nativeOf(p).account === accountOf(request));
  const view = (p: SandboxPickup) => {
    const n = nativeOf(p);
    return {
      id: n.id,
      customer_id: 2,
      contact_name: str(n.request.contact_name) ?? '',
      contact_phone: str(n.request.contact_phone) ?? '',
      address: str(n.request.address) ?? '',
      lat_long: null,
      shipments: p.parcelCount ?? p.trackingNumbers.length,
      time_slot: str(n.request.time_slot) ?? '',
      pickup_date: p.date,
      driver_id: null,
      dispatcher_id: null,
      status: p.cancelled ? 'cancelled' : 'pending',
      reason_id: null,
      created_at: n.createdAt,
      updated_at: n.createdAt,
    };
  };

  scope.get<{ Params: { date: string } }>('/v2/time_slots/:date', async (request, reply) => {
    const problems = dateProblems(request.params.date);
    if (problems.length > 0) return invalid(reply, { pickup_date: problems });
    const slots = slotsOf(request.params.date);
    // PHP answers an empty slot list as [], not {}.
    return { success: true, data: { date: request.params.date, slots: Object.keys(slots).length === 0 ? [] : slots } };
  });

  scope.post('/v2/pickup_request/create', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    const body = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
    const errors: Record<string, string[]> = {};
    const date = str(body.pickup_date);
    const dateErrors = dateProblems(date);
    if (dateErrors.length > 0) errors.pickup_date = dateErrors;
    const slot = str(body.time_slot);
    if (!slot) errors.time_slot = ['The time slot field is required.'];
    else if (date && dateErrors.length === 0 && !(slot in slotsOf(date))) errors.time_slot = ['The selected time slot is invalid.'];
    for (const field of ['city', 'contact_name', 'contact_phone', 'address']) {
      if (!str(body[field])) errors[field] = [`The ${field.replace('_', ' ')} field is required.`];
    }
    const shipments = body.shipments;
    if (typeof shipments !== 'number' || !Number.isInteger(shipments) || shipments < 1) {
      errors.shipments = ['The shipments must be an integer.', 'The shipments must be at least 1.'];
    }
    const awb = str(body.reference);
    if (shipments === 1) {
      const shipment = awb ? carrier.shipments.get(awb) : undefined;
      const owned = shipment && (shipment.account === undefined || shipment.account === accountOf(request));
      if (!awb) errors.reference = ['The reference field is required when shipments is 1.'];
      else if (!owned || shipment.cancelled || !isCancellable(shipment)) errors.reference = ['The selected reference is invalid.'];
    }
    if (Object.keys(errors).length > 0) return invalid(reply, errors);
    const id = nextId++;
    const address = str(body.address) ?? '';
    const createdAt = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
    const hours = SLOT_HOURS[slot!];
    carrier.pickups.set(String(id), {
      confirmationNumber: String(id),
      reference: GATEWAY_REFERENCE.exec(address)?.[1] ?? '',
      date: date!,
      from: hours.from,
      to: hours.to,
      trackingNumbers: shipments === 1 && awb ? [awb] : [],
      parcelCount: shipments as number,
      city: str(body.city) ?? '',
      bookedAt: new Date(),
      cancelled: false,
      native: { id, account: accountOf(request), request: body, createdAt } satisfies AymakanPickupNative,
    });
    state.changed();
    const { driver_id: _driver, dispatcher_id: _dispatcher, reason_id: _reason, ...created } = view(carrier.pickups.get(String(id))!);
    return {
      success: true,
      message: 'Pickup request created successfully.',
      data: { ...created, lat_long: ',', city: str(body.city), warehouse_id: 4 },
    };
  });

  scope.get<{ Querystring: { page?: string } }>('/v2/pickup_request/list', async (request) => {
    const mine = ofCaller(request).sort((a, b) => nativeOf(b).id - nativeOf(a).id);
    const lastPage = Math.max(1, Math.ceil(mine.length / PER_PAGE));
    const page = Math.min(Math.max(1, Number(request.query.page) || 1), lastPage);
    return {
      success: true,
      data: {
        pickupRequests: {
          current_page: page,
          data: mine.slice((page - 1) * PER_PAGE, page * PER_PAGE).map(view),
          last_page: lastPage,
          per_page: PER_PAGE,
          total: mine.length,
        },
      },
    };
  });

  scope.post('/v2/pickup_request/cancel', async (request, reply) => {
    const parsed = parseJsonBody(request.body);
    const id = parsed.ok && isRecord(parsed.value) ? Number(parsed.value.pickup_request) : NaN;
    const pickup = ofCaller(request).find((p) => nativeOf(p).id === id);
    if (!pickup) return reply.code(404).send({ error: true, message: 'Pickup Request was not found' });
    if (pickup.cancelled) return reply.code(422).send({ error: true, message: 'This pickup request is already cancelled' });
    pickup.cancelled = true;
    state.changed();
    return { success: true, message: 'Pickup Request is cancelled successfully' };
  });
}
