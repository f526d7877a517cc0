import { SHIPMENT_STATUSES } from '@lgw/kernel';
import { SHIPMENT_EVENT_KINDS, eventKindsForStatusChange, isShipmentEventKind } from './shipment-event-kinds';

describe('eventKindsForStatusChange', () => {
  it('a new shipment emits shipment.created only', () => {
    expect(eventKindsForStatusChange(undefined, 'CREATED')).toEqual(['shipment.created']);
  });

  it('a plain status change emits shipment.status_updated', () => {
    expect(eventKindsForStatusChange('PICKED_UP', 'IN_TRANSIT')).toEqual(['shipment.status_updated']);
  });

  it('delivery also emits shipment.delivered', () => {
    expect(eventKindsForStatusChange('OUT_FOR_DELIVERY', 'DELIVERED')).toEqual(['shipment.status_updated', 'shipment.delivered']);
  });

  it.each(SHIPMENT_STATUSES.filter((s) => s.startsWith('EXCEPTION_')).map((s) => [s]))('%s also emits shipment.exception', (status) => {
    expect(eventKindsForStatusChange('IN_TRANSIT', status)).toEqual(['shipment.status_updated', 'shipment.exception']);
  });

  it('the same status again emits nothing', () => {
    expect(eventKindsForStatusChange('IN_TRANSIT', 'IN_TRANSIT')).toEqual([]);
  });

  it('knows exactly the four kinds of docs/api.md §6', () => {
    expect([...SHIPMENT_EVENT_KINDS]).toEqual(['shipment.created', 'shipment.status_updated', 'shipment.delivered', 'shipment.exception']);
    expect(isShipmentEventKind('shipment.delivered')).toBe(true);
    expect(isShipmentEventKind('shipment.updated')).toBe(false);
  });
});
