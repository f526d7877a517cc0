/**
 * Where the public API serves a resource's files. The paths are the HTTP edge's; views that name
 * them (a shipment's label, a batch's CSVs) take them from here, bound once by the composition root.
 */
export interface ResourceLinksPort {
  label(shipmentId: string): string;
  batchResult(batchId: string): string;
  batchRejections(batchId: string): string;
  /** Where a carrier pushes a connection's status updates (POST, the token as credential). */
  carrierWebhook(carrierCode: string, token: string): string;
  /** The recipient's tracking page of a shipment's token: absolute, {PUBLIC_BASE_URL}/t/{token} (docs/adr/0083). */
  trackingPage(token: string): string;
}

export const RESOURCE_LINKS = Symbol('RESOURCE_LINKS');
