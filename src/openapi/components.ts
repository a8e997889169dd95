import { ImproperlyConfigured } from '../errors';

type SchemaObject = Record<string, unknown>;

/** Where a component is: a document's `$ref` to it. */
export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** What OpenAPI 3.1 allows as a key of `components.schemas` (§4.8.7.1). */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

/** Keywords whose value is data, not schemas: never searched for names. */
const DATA = new Set(['const', 'enum', 'default', 'examples', 'example', 'required', 'dependentRequired']);
/** Keywords whose value maps names to schemas. */
const MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas']);

/**
 * A component name from a schema's `$id`: the `$id` itself when OpenAPI
 * allows it as a key (`Profile`), else the last segment of its URI without a
 * `.json` ending, other characters as `_` (`https://x.test/s/profile.json` →
 * `profile`). The same `$id` gives the same name in every build.
 */
export function componentName(id: string): string {
  if (COMPONENT_NAME.test(id)) return id;
  const last = id.split(/[/#]/).filter((segment) => segment !== '').pop() ?? '';
  const name = last.replace(/\.schema\.json$|\.json$/i, '').replace(/[^A-Za-z0-9._-]/g, '_');
  return name === '' ? 'Schema' : name;
}

/**
 * The named schemas of one document (docs/openapi.md#components): each
 * schema with a `$id` (TypeBox's `$id`, a JSON Schema's), each `$defs` entry
 * of a described Standard schema (zod's `.meta({ id })`) and each schema
 * `openapi.components` names becomes one entry of `components.schemas`,
 * and every place it was written holds a `$ref` to it instead. A schema met
 * twice (the same object on ten routes) is rewritten once. Two different
 * schemas under one name are an `ImproperlyConfigured` naming it.
 */
export class Components {
  readonly schemas: Record<string, unknown> = Object.create(null);
  /** Rewritten schemas by the object they were written from: the same schema on ten routes is walked once. */
  private readonly memo = { input: new WeakMap<object, unknown>(), output: new WeakMap<object, unknown>() };
  /** The option's schemas by identity, and (for those a route may describe afresh) by their JSON text. */
  private readonly named = new Map<unknown, string>();
  private readonly namedText = new Map<string, string>();
  /** Names by full `$id`, for `$ref`s that name a schema by its `$id` (TypeBox's `Type.Ref`). */
  private readonly ids = new Map<string, string>();
  private readonly byId: SchemaObject[] = [];
  /** Which side the schema being written describes: a request's (`input`) or a response's. */
  private io: 'input' | 'output' = 'output';
  /** Who put each entry there, for a clash's message. */
  private readonly owners = new Map<string, string>();

  /** `fixed` are the document's own entries (`Problem`); `named` the option's `{ name: JSON Schema }`. */
  constructor(fixed: Record<string, unknown>, named: Readonly<Record<string, unknown>> = {}) {
    for (const [name, schema] of Object.entries(fixed)) this.put(name, schema, 'waymark');
    for (const [name, schema] of Object.entries(named)) {
      this.named.set(schema, name);
      this.namedText.set(JSON.stringify(schema), name);
    }
    for (const [name, schema] of Object.entries(named)) {
      const id = (schema as SchemaObject).$id;
      if (typeof id === 'string') this.ids.set(id, name);
      this.put(name, this.walk(schema, null, `openapi.components.${name}`, true), `openapi.components.${name}`);
    }
  }

  /**
   * One schema of an operation (`where` names the route) as the document
   * writes it: named parts replaced by `$ref`s. A whole schema equal to one
   * the option names is a `$ref` to it, even when described afresh.
   */
  use(schema: unknown, where: string, io: 'input' | 'output' = 'output'): unknown {
    if (typeof schema !== 'object' || schema === null) return schema;
    this.io = io;
    if (this.namedText.size > 0 && !this.named.has(schema)) {
      const name = this.namedText.get(JSON.stringify(schema));
      if (name !== undefined) return { $ref: componentRef(name) };
    }
    return this.walk(schema, null, where, false);
  }

  /** Patches `$ref`s by `$id` whose target was met later than the reference; call once, when every operation is in. */
  finish(): Record<string, unknown> {
    for (const node of this.byId) {
      const ref = (node.$ref as string).slice(0, -1);
      const name = this.ids.get(ref);
      node.$ref = name === undefined ? ref : componentRef(name);
    }
    return this.schemas;
  }

  private put(name: string, schema: unknown, where: string): void {
    if (Object.hasOwn(this.schemas, name)) {
      if (sameJson(this.schemas[name], schema)) return;
      throw new ImproperlyConfigured(
        `Two different schemas are named '${name}' in one OpenAPI document (by ${this.owners.get(name)} and by ${where}): ` +
          'a component name must name one schema. Give one of them another $id (or zod .meta({ id })), or use the same schema object in both places.',
      );
    }
    this.schemas[name] = schema;
    this.owners.set(name, where);
  }

  /**
   * The schema with its named parts replaced by `$ref`s (and its `$id` and
   * `$defs` gone: a component's `$id` would change the base its `$ref`s
   * resolve against); the schema itself when nothing in it is named.
   * `defs` maps the names of the enclosing `$defs` to components; `top` is
   * an option's own schema, which is being defined rather than referred to.
   */
  private walk(node: unknown, defs: Map<string, string> | null, where: string, top: boolean): unknown {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) {
      const items = node.map((item) => this.walk(item, defs, where, false));
      return items.every((item, index) => item === node[index]) ? node : items;
    }
    if (!top) {
      const optionName = this.named.get(node);
      if (optionName !== undefined) return { $ref: componentRef(optionName) };
    }
    if (isLeaf(node as SchemaObject)) return node; // most schemas of a document ({ type: 'string' }): nothing to look into, nothing allocated
    const known = defs === null && !top ? this.memo[this.io].get(node) : undefined;
    if (known !== undefined) return known;
    const schema = node as SchemaObject;
    let local = defs;
    if (typeof schema.$defs === 'object' && schema.$defs !== null) {
      local = this.define(Object.entries(schema.$defs as Record<string, unknown>), defs, where);
    }
    let changed = local !== defs || schema.$id !== undefined;
    const out: SchemaObject = {};
    for (const key in schema) {
      if (!Object.hasOwn(schema, key)) continue;
      const value = schema[key];
      let written = value;
      if (key === '$defs' || key === '$id') continue;
      if (key === '$ref' && typeof value === 'string') written = this.refOf(value, local, out);
      else if (typeof value !== 'object' || value === null || DATA.has(key)) written = value;
      else if (MAPS.has(key) && !Array.isArray(value)) written = this.mapOf(value as SchemaObject, local, where);
      else written = this.walk(value, local, where, false);
      if (written !== value) changed = true;
      out[key] = written;
    }
    let result: unknown = changed ? out : node;
    if (!top && typeof schema.$id === 'string') {
      const name = componentName(schema.$id);
      this.ids.set(schema.$id, name);
      this.put(name, out, where);
      result = { $ref: componentRef(name) };
    }
    if (defs === null && !top) this.memo[this.io].set(node, result);
    return result;
  }

  private mapOf(map: SchemaObject, defs: Map<string, string> | null, where: string): SchemaObject {
    let changed = false;
    const out: SchemaObject = {};
    for (const key in map) {
      if (!Object.hasOwn(map, key)) continue;
      out[key] = this.walk(map[key], defs, where, false);
      if (out[key] !== map[key]) changed = true;
    }
    return changed ? out : map;
  }

  /**
   * A `$defs` group as components, and the names its `$ref`s now lead to.
   * A validator may describe a request differently from a response under
   * one id (zod leaves `additionalProperties: false` out of its input):
   * responses are named first, and a request's entry that differs from the
   * response's of its name takes the name with `Input` added, as zod-openapi
   * names it; so does every entry that refers to one renamed.
   */
  private define(entries: [string, unknown][], parent: Map<string, string> | null, where: string): Map<string, string> {
    const local = new Map(parent);
    const renamed = new Set<string>();
    for (;;) {
      for (const [key] of entries) local.set(key, componentName(key) + (renamed.has(key) ? 'Input' : ''));
      const walked = entries.map(([key, def]) => [key, this.walk(def, local, where, true)] as const);
      const differs = this.io === 'input' ? walked.filter(([key, schema]) => !renamed.has(key) && this.differs(local.get(key) as string, schema)) : [];
      if (differs.length === 0) {
        for (const [key, schema] of walked) this.put(local.get(key) as string, schema, where);
        return local;
      }
      for (const [key] of differs) renamed.add(key);
    }
  }

  private differs(name: string, schema: unknown): boolean {
    return Object.hasOwn(this.schemas, name) && !sameJson(this.schemas[name], schema);
  }

  /** A `$ref` into the enclosing `$defs` becomes one to the component; one by `$id` is patched when the document is finished. */
  private refOf(ref: string, defs: Map<string, string> | null, holder: SchemaObject): string {
    const local = /^#\/\$defs\/([^/]+)$/.exec(ref);
    if (local !== null && defs !== null) {
      const name = defs.get(pointerToken(local[1]));
      if (name !== undefined) return componentRef(name);
    }
    if (ref.startsWith('#')) return ref;
    this.byId.push(holder);
    return `${ref}\u0000`; // marks the holder changed; finish() writes the component's $ref, or the reference as it was
  }
}

/** A JSON Pointer token of a URI fragment, unescaped (RFC 6901 §4, RFC 3986 percent-encoding); as written when it is not valid percent-encoding. */
function pointerToken(token: string): string {
  let text = token;
  try {
    text = decodeURIComponent(token);
  } catch {
    // kept as written: it then names no entry, and the reference stays as it was
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Equal as JSON: a TypeBox value and its copy are one schema, though only one carries TypeBox's symbol keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as SchemaObject)[key], (b as SchemaObject)[key]));
}

/** A schema with no subschema, `$ref`, `$id` or `$defs`: it is written as it is. */
function isLeaf(schema: SchemaObject): boolean {
  for (const key in schema) {
    const value = schema[key];
    if ((typeof value === 'object' && value !== null) || key === '$ref' || key === '$id' || key === '$defs') return false;
  }
  return true;
}
