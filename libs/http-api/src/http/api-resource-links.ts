import { ResourceLinksPort } from '@lgw/kernel';

/** The public API's base path (docs/api.md §9: the version is in the path). */
export const API_BASE_PATH = '/api/v1';

/** The public API's paths for a resource's files (docs/api.md), relative to the API host. */
export const apiResourceLinks: ResourceLinksPort = {
  label: (shipmentId) => `${API_BASE_PATH}/labels/${shipmentId}`,
  batchResult: (batchId) => `${API_BASE_PATH}/fulfilment/batches/${batchId}/result.csv`,
  batchRejections: (batchId) => `${API_BASE_PATH}/fulfilment/batches/${batchId}/rejections.csv`,
  carrierWebhook: (carrierCode, token) => `${API_BASE_PATH}/carrier-webhooks/${encodeURIComponent(carrierCode)}/${token}`,
  trackingPage: (token) => `${TRACKING_PAGE_PATH}/${token}`,
};

/** Where recipients follow their parcel, outside the API (no key): GET /t/{token}. */
export const TRACKING_PAGE_PATH = '/t';

/** The same paths, with the tracking page absolute at the gateway's public address (PUBLIC_BASE_URL): recipients open it from a message. */
export function apiResourceLinksAt(publicBaseUrl: string): ResourceLinksPort {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return { ...apiResourceLinks, trackingPage: (token) => `${base}${TRACKING_PAGE_PATH}/${token}` };
}
