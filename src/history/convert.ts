import type { VersionChange, VersionedRequest, VersionedResponse } from './change';

type Node = Record<string, unknown>;
type Convert = (value: any) => unknown;

/** What one change does to the values of one head schema value: its renames (newer name → older name) and its converters. */
interface SchemaRules {
  readonly renames: readonly (readonly [newer: string, older: string])[];
  readonly requests: readonly Convert[];
  readonly responses: readonly Convert[];
}

/** One change, compiled for conversion: its rules by head schema value, its route converters by route name. */
export class ChangeRules {
  readonly bySchema = new Map<unknown, SchemaRules>();
  readonly routeRequests = new Map<string, ((request: VersionedRequest) => VersionedRequest)[]>();
  readonly routeResponses = new Map<string, ((response: VersionedResponse) => VersionedResponse)[]>();

  constructor(change: VersionChange) {
    const rules = (schema: unknown) => {
      let found = this.bySchema.get(schema) as { renames: [string, string][]; requests: Convert[]; responses: Convert[] } | undefined;
      if (found === undefined) this.bySchema.set(schema, (found = { renames: [], requests: [], responses: [] }));
      return found;
    };
    for (const instruction of change.instructions) {
      if (instruction.target === 'field' && instruction.change.kind === 'had' && instruction.change.name !== undefined && instruction.change.name !== instruction.field) {
        rules(instruction.schema).renames.push([instruction.field, instruction.change.name]);
      }
    }
    for (const converter of change.requests) {
      if ('route' in converter) push(this.routeRequests, converter.route, converter.convert);
      else rules(converter.schema).requests.push(converter.convert);
    }
    for (const converter of change.responses) {
      if ('route' in converter) push(this.routeResponses, converter.route, converter.convert);
      else rules(converter.schema).responses.push(converter.convert);
    }
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The head schema value behind a node of the tree being walked (derived nodes remember theirs). */
export type OriginOf = (node: unknown) => unknown;

/**
 * Converts `value`, which has the shape of `schema` (a tree of one version),
 * by one change: nested values first, found where the schema tree determines
 * their position (`properties`, `additionalProperties`, `items`,
 * `prefixItems`), then the value itself when its schema is one the change
 * names. A request is renamed to the newer names, then converted; a
 * response is converted, then renamed to the older names: converters always
 * see the newer side's names. `value` is the caller's copy and is changed in place.
 */
export function convertByPosition(value: unknown, schema: unknown, rules: ChangeRules, direction: 'request' | 'response', originOf: OriginOf): unknown {
  if (typeof schema !== 'object' || schema === null || value === null || typeof value !== 'object') return applyRules(value, schema, rules, direction, originOf);
  const node = schema as Node;
  if (Array.isArray(value)) {
    const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as unknown[]) : [];
    for (let i = 0; i < value.length; i++) {
      const item = i < prefix.length ? prefix[i] : node.items;
      if (item !== undefined) value[i] = convertByPosition(value[i], item, rules, direction, originOf);
    }
  } else {
    const object = value as Node;
    const properties = (node.properties as Node | undefined) ?? {};
    const extra = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    for (const key of Object.keys(object)) {
      const child = Object.hasOwn(properties, key) ? properties[key] : extra;
      if (child !== undefined) object[key] = convertByPosition(object[key], child, rules, direction, originOf);
    }
  }
  return applyRules(value, schema, rules, direction, originOf);
}

function applyRules(value: unknown, schema: unknown, rules: ChangeRules, direction: 'request' | 'response', originOf: OriginOf): unknown {
  const own = rules.bySchema.get(originOf(schema));
  if (own === undefined) return value;
  let result = value;
  if (direction === 'request') {
    result = renamed(result, own.renames, 0, 1);
    for (const convert of own.requests) result = convert(result);
  } else {
    for (const convert of own.responses) result = convert(result);
    result = renamed(result, own.renames, 1, 0);
  }
  return result;
}

function renamed(value: unknown, renames: SchemaRules['renames'], to: 0 | 1, from: 0 | 1): unknown {
  if (renames.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Node;
  for (const pair of renames) {
    if (!Object.hasOwn(object, pair[from])) continue;
    object[pair[to]] = object[pair[from]];
    delete object[pair[from]];
  }
  return object;
}

/** A copy the converters may change: the handler's value may be shared (a cached record), and is never changed. */
export function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return JSON.parse(JSON.stringify(value)) as unknown;
  }
}
