import { ImproperlyConfigured } from '../errors';
import type { RouteRecord } from '../model/route';
import type { Schema } from '../model/schema';
import { nameOf, type SchemaVersions } from './derive';
import type { VersionHistory } from './history';
import { historyName } from './routes';

/** Keywords whose schema sits where the value's shape says: a converter there knows which value is the schema's. */
const POSITIONAL = new Set(['properties', 'additionalProperties', 'items', 'prefixItems']);

interface Uses {
  /** Every object reachable from some route's schemas. */
  readonly anywhere: Set<unknown>;
  /** Those reachable through positional keywords only. */
  readonly positional: Set<unknown>;
  /** Per schema value, the routes that read it (request) and answer it (response). */
  readonly readers: Map<unknown, Set<RouteRecord>>;
  readonly answerers: Map<unknown, Set<RouteRecord>>;
}

/**
 * Checks what the history names against what the routes use, when the app
 * is built: every schema value it names is used by some route; a schema
 * converter's value sits at a position the schema tree determines (not only
 * under `anyOf`/`oneOf`/`if`); and a field whose type changed
 * (`had({ schema })`) has the converter each direction it is used in needs.
 */
export function checkUses(history: VersionHistory, routes: readonly RouteRecord[], schemas: SchemaVersions, payloads: readonly Schema[] = []): void {
  const uses = usesOf(routes);
  // A payload sent outside requests (a webhook's) is used too, in the response direction (docs/version-history.md).
  const sent: Uses = { anywhere: new Set(), positional: new Set(), readers: new Map(), answerers: new Map() };
  for (const payload of payloads) walk(payload, true, null, sent.answerers, sent, new Set());
  for (const node of sent.anywhere) uses.anywhere.add(node);
  for (const node of sent.positional) uses.positional.add(node);
  const names = new Map(routes.map((route) => [route, historyName(route, history.versions)]));
  history.changes.forEach((changes, index) => {
    for (const change of changes) {
      const where = `VersionHistory version '${history.versions[index]}', change '${change.description}'`;
      for (const converter of [...change.requests, ...change.responses]) {
        if ('route' in converter && ![...names.values()].includes(converter.route)) {
          throw new ImproperlyConfigured(`${where}: a converter of route '${converter.route}', which names no route of the app. Use the route's full name, namespaces included (the version namespace left out).`);
        }
      }
      const named: Schema[] = change.instructions.flatMap((instruction) => (instruction.target === 'field' ? [instruction.schema] : []));
      for (const schema of [...named, ...[...change.requests, ...change.responses].flatMap((converter) => ('schema' in converter ? [converter.schema] : []))]) {
        if (!uses.anywhere.has(schema)) {
          throw new ImproperlyConfigured(`${where} names a schema no route uses (${nameOf(schema)}). Name the very value a route's @Body, @Query, @Param, @Header or responses use (or one nested in it), not a copy.`);
        }
      }
      for (const converter of [...change.requests, ...change.responses]) {
        if ('schema' in converter && !uses.positional.has(converter.schema)) {
          throw new ImproperlyConfigured(`${where}: a converter of ${nameOf(converter.schema)}, which routes use only under anyOf, oneOf, allOf, not or if: waymark cannot know which branch a value took. Declare a route converter ({ route, convert }) instead.`);
        }
      }
      for (const instruction of change.instructions) {
        if (instruction.target !== 'field' || instruction.change.kind !== 'had' || instruction.change.schema === undefined) continue;
        const what = `field(${nameOf(instruction.schema)}, '${instruction.field}').had({ schema })`;
        const needs = (direction: 'requests' | 'responses', users: Set<RouteRecord> | undefined) => {
          const converters = change[direction];
          if (converters.some((converter) => 'schema' in converter && converter.schema === instruction.schema)) return;
          for (const route of users ?? []) {
            if (!converters.some((converter) => 'route' in converter && converter.route === names.get(route))) {
              throw new ImproperlyConfigured(
                `${where}: ${what} changes a type, which no rename can convert, and ${route.fullName ?? `${route.method} ${route.pattern.source}`} ${direction === 'requests' ? 'reads' : 'answers'} it. ` +
                  `Add ${direction}: [{ schema: <that schema>, convert }] to the change (or a route converter).`,
              );
            }
          }
        };
        needs('requests', uses.readers.get(instruction.schema));
        needs('responses', uses.answerers.get(instruction.schema));
        if (sent.anywhere.has(instruction.schema) && !change.responses.some((converter) => 'schema' in converter && converter.schema === instruction.schema)) {
          throw new ImproperlyConfigured(`${where}: ${what} changes a type, which no rename can convert, and a webhook payload (openapi.webhooks) holds it. Add responses: [{ schema: <that schema>, convert }] to the change.`);
        }
      }
    }
  });
  for (const schema of schemas.targets) if (!uses.anywhere.has(schema)) throw new ImproperlyConfigured(`VersionHistory names a schema no route uses (${nameOf(schema)}).`);
}

function usesOf(routes: readonly RouteRecord[]): Uses {
  const uses: Uses = { anywhere: new Set(), positional: new Set(), readers: new Map(), answerers: new Map() };
  for (const route of routes) {
    for (const binding of route.bindings) if (binding.options.schema !== undefined) walk(binding.options.schema, true, route, uses.readers, uses, new Set());
    for (const response of Object.values(route.docs.responses ?? {})) {
      // A stream's items are answered as a body is (docs/streams.md#versions).
      for (const schema of [response.schema, response.items]) if (schema !== undefined) walk(schema, true, route, uses.answerers, uses, new Set());
    }
  }
  return uses;
}

/** Marks what `node` reaches; `route` (`null` for a payload sent outside requests) is recorded among its `users`. */
function walk(node: unknown, positional: boolean, route: RouteRecord | null, users: Map<unknown, Set<RouteRecord>>, uses: Uses, seen: Set<unknown>): void {
  if (typeof node !== 'object' || node === null || seen.has(node)) return;
  seen.add(node);
  uses.anywhere.add(node);
  if (positional) uses.positional.add(node);
  if (route !== null) {
    let set = users.get(node);
    if (set === undefined) users.set(node, (set = new Set()));
    set.add(route);
  }
  if (Array.isArray(node)) {
    for (const child of node) walk(child, positional, route, users, uses, seen);
    return;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'properties' && typeof child === 'object' && child !== null) {
      for (const property of Object.values(child)) walk(property, positional, route, users, uses, seen);
      continue;
    }
    walk(child, positional && POSITIONAL.has(key), route, users, uses, seen);
  }
}
