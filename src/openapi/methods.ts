import type { OpenApiOperation } from './operation';

/** The methods a Path Item has fields for, per OpenAPI version; 3.2 adds `query` and lists any other under `additionalOperations`. */
const FIELDS = {
  '3.1': new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']),
  '3.2': new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']),
} as const;

/**
 * Puts an operation in its path item (docs/streams.md#in-the-documents): under
 * its method's field, or in 3.2 under `additionalOperations` by the method as
 * sent (`LINK`); 3.1 has no place for another method, so the operation is left
 * out and `warn` says so.
 */
export function placeOperation(item: Record<string, unknown>, method: string, operation: OpenApiOperation, oas: '3.1' | '3.2', warn: (reason: string) => void): void {
  const field = method.toLowerCase();
  if (FIELDS[oas].has(field)) {
    item[field] = operation;
    return;
  }
  if (oas === '3.1') {
    warn(`OpenAPI 3.1 has no field for the method ${method} (3.2 lists it under additionalOperations: openapi.version '3.2')`);
    return;
  }
  ((item.additionalOperations ??= {}) as Record<string, OpenApiOperation>)[method.toUpperCase()] = operation;
}
