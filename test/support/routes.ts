/** Routes of the booted app: as Fastify serves them and as the OpenAPI document describes them. */

/** Flattens Fastify's route tree ("├── /path (GET, POST)", children indented by 4) into "METHOD /path". */
export function servedRoutes(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.add(`${method} ${path}`);
    }
  }
  return routes;
}

export interface DocumentedOperation {
  readonly method: string;
  /** OpenAPI template, e.g. /api/v1/shipments/{id}/cancel. */
  readonly path: string;
  readonly params: string[];
  readonly query: string[];
  readonly multipart: boolean;
}

/** Every operation of an OpenAPI document, with its path and query parameter names. */
export function documentedOperations(doc: any): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const parameters: any[] = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
      });
    }
  }
  return operations;
}

/** Every property name the document's schemas declare: the field names a client would send. */
export function schemaPropertyNames(doc: any): string[] {
  const names = new Set<string>();
  for (const schema of Object.values<any>(doc.components?.schemas ?? {})) {
    for (const name of Object.keys(schema.properties ?? {})) names.add(name);
  }
  return [...names].sort();
}
