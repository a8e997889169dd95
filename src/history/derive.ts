import { ImproperlyConfigured } from '../errors';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import { describeSchema } from '../schema/document';
import type { FieldInstruction } from './instructions';
import type { Changelog } from './change';

type Node = Record<string, unknown>;
type Io = 'input' | 'output';

/** One field instruction with where it was declared: `changes[index]` of the history. */
interface Placed {
  readonly index: number;
  readonly description: string;
  readonly instruction: FieldInstruction;
}

/** Removals first, then renames and retypes, then fields that existed: one version's instructions hold in any written order. */
const ORDER = { didNotExist: 0, had: 1, existed: 2 } as const;

/**
 * Each head schema value as an older version saw it (docs/version-history.md#instructions):
 * the head's JSON Schema with the declared field changes undone, newest first,
 * and every nested use of a changed value (found by identity) rewritten in
 * place. A subtree that nothing changed is the head's own object, so an
 * untouched route compares equal to its head version. A misdeclared field
 * (absent on the newer side, `existed` while still present, a rename onto a
 * taken name) throws `ImproperlyConfigured` naming the change.
 */
export class SchemaVersions {
  private readonly fields = new Map<Schema, Placed[]>();
  private readonly memo = new Map<string, Map<unknown, unknown>>();
  /** Per version index, each derived node → the head schema value it was made from. */
  private readonly origins = new Map<number, Map<unknown, Schema>>();

  constructor(private readonly history: Changelog) {
    history.changes.forEach((changes, index) => {
      for (const { description, instructions } of changes) {
        for (const instruction of instructions) {
          if (instruction.target !== 'field') continue;
          let list = this.fields.get(instruction.schema);
          if (list === undefined) this.fields.set(instruction.schema, (list = []));
          list.push({ index, description, instruction });
        }
      }
    });
    for (const list of this.fields.values()) list.sort((a, b) => a.index - b.index || ORDER[a.instruction.change.kind] - ORDER[b.instruction.change.kind]);
  }

  /** The head schema values that field instructions name. */
  get targets(): IterableIterator<Schema> {
    return this.fields.keys();
  }

  /** `schema` as version `versions[index]` saw it (`index` 0 is the head: the schema itself). */
  at(schema: Schema, index: number, io: Io): Schema {
    if (index === 0) return schema;
    let memo = this.memo.get(`${index}:${io}`);
    if (memo === undefined) this.memo.set(`${index}:${io}`, (memo = new Map()));
    return this.derive(schema, index, io, memo) as Schema;
  }

  /** The head schema value a node of version `index`'s derived tree was made from (itself when unchanged). */
  originOf(node: unknown, index: number): unknown {
    return this.origins.get(index)?.get(node) ?? node;
  }

  private derive(node: unknown, index: number, io: Io, memo: Map<unknown, unknown>): unknown {
    if (typeof node !== 'object' || node === null) return node;
    const known = memo.get(node);
    if (known !== undefined) return known;
    const placed = this.fields.get(node as Schema)?.filter((entry) => entry.index < index);
    let base = node as Node | unknown[];
    if (isStandardSchema(node)) {
      if (placed === undefined || placed.length === 0) return node;
      // A validator waymark cannot rewrite: its older version is its JSON Schema, rewritten (docs/version-history.md#instructions).
      const described = describeSchema(node, io);
      if (described.schema === undefined || typeof described.schema === 'boolean') {
        throw new ImproperlyConfigured(`VersionHistory change '${placed[0].description}' names a field of a Standard Schema validator that cannot describe itself (${described.reason ?? 'a boolean schema'}); declare the schema with TypeBox or JSON Schema instead.`);
      }
      base = described.schema as Node;
    }
    memo.set(node, node); // a schema that contains itself is left as it is below this point
    let copy: Node | unknown[] | null = null;
    if (Array.isArray(base)) {
      const list = base;
      let items: unknown[] | null = null;
      list.forEach((child, i) => {
        const derived = this.derive(child, index, io, memo);
        if (derived !== child) (items ??= [...list])[i] = derived;
      });
      copy = items;
    } else {
      const object = base;
      let members: Node | null = null;
      for (const key of Object.keys(object)) {
        const child = object[key];
        const derived = this.derive(child, index, io, memo);
        if (derived !== child) (members ??= { ...object })[key] = derived;
      }
      copy = members;
    }
    if (placed !== undefined && placed.length > 0) {
      const object: Node = (copy as Node | null) ?? { ...(base as Node) };
      for (const entry of placed) this.undo(object, entry, node as Schema);
      copy = object;
    } else if (copy === null && base !== node) copy = base;
    const result = copy ?? node;
    memo.set(node, result);
    if (result !== node) {
      let origins = this.origins.get(index);
      if (origins === undefined) this.origins.set(index, (origins = new Map()));
      origins.set(result, node as Schema);
    }
    return result;
  }

  /** Undoes one instruction on `object` (a fresh copy), which holds the newer side of the change. */
  private undo(object: Node, { index, description, instruction }: Placed, head: Schema): void {
    const { field, change } = instruction;
    const properties: Node = { ...((object.properties as Node | undefined) ?? {}) };
    let required = Array.isArray(object.required) ? [...(object.required as string[])] : [];
    const where = `VersionHistory version '${this.history.versions[index]}', change '${description}'`;
    const present = Object.hasOwn(properties, field);
    if (change.kind === 'existed') {
      if (present) throw new ImproperlyConfigured(`${where}: field(${nameOf(head)}, '${field}').existed, but the newer version still has '${field}'. Use had({ schema }) for a field whose type changed, or remove the instruction.`);
      properties[field] = change.schema;
      if (change.required) required.push(field);
    } else if (!present) {
      const known = Object.keys(properties).join(', ') || 'none';
      throw new ImproperlyConfigured(`${where}: field(${nameOf(head)}, '${field}') names a field the schema does not have in version '${this.history.versions[index]}' (it has: ${known}). Name the field as the newer version calls it.`);
    } else if (change.kind === 'didNotExist') {
      delete properties[field];
      required = required.filter((name) => name !== field);
    } else {
      let name = field;
      if (change.name !== undefined && change.name !== field) {
        if (Object.hasOwn(properties, change.name)) {
          throw new ImproperlyConfigured(`${where}: field(${nameOf(head)}, '${field}').had({ name: '${change.name}' }) renames onto '${change.name}', which the schema already has. Remove or rename that field first (field(S, '${change.name}').didNotExist, in the same version).`);
        }
        // Rebuilt rather than moved, so the renamed field keeps its place in documents and serialized bodies.
        const entries = Object.entries(properties).map(([key, value]): [string, unknown] => [key === field ? (change.name as string) : key, value]);
        for (const key of Object.keys(properties)) delete properties[key];
        Object.assign(properties, Object.fromEntries(entries));
        required = required.map((entry) => (entry === field ? (change.name as string) : entry));
        name = change.name;
      }
      if (change.schema !== undefined) properties[name] = change.schema;
      if (change.required === true && !required.includes(name)) required.push(name);
      if (change.required === false) required = required.filter((entry) => entry !== name);
    }
    object.properties = properties;
    if (required.length > 0) object.required = required;
    else delete object.required;
  }
}

/** How an error names a schema value, which has no name of its own: its `title` or `$id`, else its properties. */
export function nameOf(schema: unknown): string {
  const node = schema as Node;
  if (typeof node?.title === 'string') return node.title;
  if (typeof node?.$id === 'string') return node.$id;
  const properties = node?.properties;
  if (typeof properties === 'object' && properties !== null) return `{ ${Object.keys(properties).join(', ')} }`;
  return 'S';
}
