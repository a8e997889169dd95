import type { VersionChange, VersionedRequest, VersionedResponse } from './change';
import { renamed } from './rename';

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
 * Only schemas in `relevant` (`relevantNodes`) are walked into: a record whose
 * fields no rule names costs one lookup, not one per field.
 */
export function convertByPosition(value: unknown, schema: unknown, rules: ChangeRules, direction: 'request' | 'response', originOf: OriginOf, relevant: Relevant): unknown {
  const plan = relevant.get(schema);
  if (plan === undefined) return value;
  if (plan !== LEAF && value !== null && typeof value === 'object') {
    const node = schema as Node;
    if (Array.isArray(value)) {
      if (plan.items) {
        const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as unknown[]) : [];
        for (let i = 0; i < value.length; i++) {
          const item = i < prefix.length ? prefix[i] : node.items;
          if (item !== undefined) value[i] = convertByPosition(value[i], item, rules, direction, originOf, relevant);
        }
      }
    } else {
      const object = value as Node;
      const properties = node.properties as Node;
      // Only the members whose schema leads to something converted are visited (docs/version-history.md).
      for (const key of plan.keys) if (Object.hasOwn(object, key)) object[key] = convertByPosition(object[key], properties[key], rules, direction, originOf, relevant);
      if (plan.extra) {
        for (const key of Object.keys(object)) {
          if (properties === undefined || !Object.hasOwn(properties, key)) object[key] = convertByPosition(object[key], node.additionalProperties, rules, direction, originOf, relevant);
        }
      }
    }
  }
  return applyRules(value, schema, rules, direction, originOf);
}

/** Under a relevant schema node: which members lead to something converted (`LEAF`: none, only the node itself). */
interface NodePlan {
  /** `properties` whose schema is relevant. */
  readonly keys: readonly string[];
  /** `additionalProperties` is relevant. */
  readonly extra: boolean;
  /** `items` or a `prefixItems` schema is relevant. */
  readonly items: boolean;
}

const LEAF: NodePlan = Object.freeze({ keys: [], extra: false, items: false });

/** The relevant nodes of one route and step, each with what to walk into under it. */
export type Relevant = ReadonlyMap<unknown, NodePlan>;

/**
 * The nodes of `schemas` (positional keywords followed) under which `rules`
 * convert something, each with the members that lead there: the walk of
 * `convertByPosition` enters only these. Computed once per route and step,
 * when the app is built.
 */
export function relevantNodes(schemas: readonly unknown[], rules: ChangeRules, originOf: OriginOf): Map<unknown, NodePlan> {
  const relevant = new Map<unknown, NodePlan>();
  const known = new Map<unknown, boolean>();
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    const seen = known.get(node);
    if (seen !== undefined) return seen;
    known.set(node, false); // a schema that contains itself adds nothing the first visit did not
    const own = node as Node;
    const properties = (own.properties as Node | undefined) ?? {};
    const keys = Object.keys(properties).filter((key) => visit(properties[key]));
    const extra = visit(own.additionalProperties);
    let items = visit(own.items);
    for (const item of Array.isArray(own.prefixItems) ? own.prefixItems : []) if (visit(item)) items = true;
    const found = rules.bySchema.has(originOf(node)) || keys.length > 0 || extra || items;
    known.set(node, found);
    if (found) relevant.set(node, keys.length === 0 && !extra && !items ? LEAF : { keys, extra, items });
    return found;
  };
  for (const schema of schemas) visit(schema);
  return relevant;
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

/**
 * A copy the converters may change: the handler's value may be shared (a
 * cached record), and is never changed. It is what JSON would make of the
 * value (`toJSON` applied, own enumerable members of any other object, a
 * member named `__proto__` kept a member), built by hand: several times
 * faster than `structuredClone` for a record, and a class instance is copied
 * too (its symbol-keyed members ride along, which no serializer writes). An
 * object is copied by spreading it, then its object members replaced by
 * their copies: copying member by member into `{}` left a record of more
 * than a dozen members in V8's slow dictionary mode, and cost a 20-member
 * record 630 ns against 135 (docs/performance.md).
 */
export function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyOf);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return copyOf(toJSON.call(value));
  const copy: Node = { ...value };
  for (const key in copy) {
    const member = copy[key];
    if (typeof member === 'object' && member !== null && Object.hasOwn(copy, key)) copy[key] = copyOf(member);
  }
  return copy;
}
