export * from './manage-manifests/manage-manifests.use-case';
