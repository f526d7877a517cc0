import { getMetadataStorage } from 'class-validator';

type Metadata = { propertyName: string };
type Lookup = (target: unknown, schema: unknown, always: boolean, strictGroups: boolean, groups?: string[]) => Metadata[];

interface MetadataStorageLike {
  getTargetValidationMetadatas: Lookup;
  groupByPropertyName(metadata: Metadata[]): Record<string, Metadata[]>;
  addValidationMetadata(metadata: unknown): void;
  __lgwCached?: true;
}

/**
 * class-validator looks a class's rules up again for every object it validates: it filters the
 * class's rules and walks every registered class for inherited ones, then groups them by
 * property. Rules are registered by decorators when a class is defined and never change after,
 * so the answer for a class is the same on every request; this remembers it (the lookup showed
 * in the POST /rates profile). Any rule registered later clears what was remembered. Lookups
 * by schema name or validation groups (unused here) go to the library unchanged.
 */
export function cacheValidationMetadata(storage = getMetadataStorage() as unknown as MetadataStorageLike): void {
  if (storage.__lgwCached) return;
  storage.__lgwCached = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let byTarget = new Map<unknown, Metadata[]>();
  let grouped = new WeakMap<Metadata[], Record<string, Metadata[]>>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (schema || always || strictGroups || (groups && groups.length > 0)) return lookup(target, schema, always, strictGroups, groups);
    let found = byTarget.get(target);
    if (!found) {
      found = lookup(target, schema, always, strictGroups, groups);
      byTarget.set(target, found);
    }
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) {
      found = group(metadata);
      grouped.set(metadata, found);
    }
    return found;
  };
  storage.addValidationMetadata = (metadata) => {
    byTarget = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
}
