import { CarrierIntent } from '@lgw/kernel';
import { carrierAdapter, CarrierRegistryPort } from '@lgw/carrier-access';
import { PickupRepositoryPort } from '../ports/pickup.repository.port';
import { PickupView, toPickupView } from '../pickup.record';
import { commitPickup, revivePickupDraft } from './schedule-pickup.use-case';

export interface PickupIntentOutcome {
  readonly state: 'completed' | 'abandoned';
  /** The view the request's Idempotency-Key answers from now on (completed only). */
  readonly view?: PickupView;
}

/**
 * Settles a schedule_pickup intent whose request died (docs/adr/0013-carrier-intents.md): the
 * carrier is asked by the pickup id. pending: a collection it holds is recorded here with its
 * shipments' moves; compensating (the client was told it failed): it is cancelled there.
 */
export async function settlePickupIntent(
  intent: CarrierIntent,
  pickups: PickupRepositoryPort,
  carriers: CarrierRegistryPort,
  now: () => Date,
): Promise<PickupIntentOutcome> {
  const completed = async (): Promise<PickupIntentOutcome> => {
    const stored = await pickups.findForTeam(intent.teamId, intent.shipmentId);
    return { state: 'completed', view: stored ? toPickupView(stored) : undefined };
  };
  if (await pickups.findForTeam(intent.teamId, intent.shipmentId)) return completed();
  const operations = carrierAdapter(carriers, intent.carrierCode).pickups;
  if (!operations) return { state: 'abandoned' };
  const found = await operations.findPickupByReference(intent.shipmentId);
  if (!found || found.cancelled) return { state: 'abandoned' };
  if (intent.state === 'pending') {
    const draft = revivePickupDraft(intent.payload);
    const outcome = await commitPickup(
      pickups,
      { ...draft, pickup: { ...draft.pickup, confirmationNumber: found.confirmationNumber } },
      now(),
    );
    if (outcome !== 'shipments_moved') return completed();
  }
  await operations.cancelPickup(found.confirmationNumber, intent.shipmentId);
  return { state: 'abandoned' };
}
