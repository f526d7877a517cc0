/**
 * TypeORM's postgres driver answers UPDATE/DELETE … RETURNING with `[rows, affectedCount]`
 * and everything else with the rows alone; these read either shape.
 */
export function updatedRows<T = unknown>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return Array.isArray(result) ? (result as T[]) : [];
}

export function rowCount(result: unknown): number {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[1];
  }
  return Array.isArray(result) ? result.length : 0;
}
