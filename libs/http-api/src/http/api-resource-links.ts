import { ResourceLinksPort } from '@lgw/kernel';

/** The public API's base path (docs/api.md §9: the version is in the path). */
export const API_BASE_PATH = '/api/v1';

/** The public API's paths for a resource's files (docs/api.md), relative to the API host. */
export const apiResourceLinks: ResourceLinksPort = {
  label: (shipmentId) => `${API_BASE_PATH}/labels/${shipmentId}`,
  batchResult: (batchId) => `${API_BASE_PATH}/fulfilment/batches/${batchId}/result.csv`,
  batchRejections: (batchId) => `${API_BASE_PATH}/fulfilment/batches/${batchId}/rejections.csv`,
};
