// Random version histories for the property tests of test/history/.
import { Type, type TSchema } from '@sinclair/typebox';
import { change, field, VersionHistory, type VersionChange } from '../../src';

export type Kind = 'string' | 'integer' | 'boolean' | 'digits';
export type Op = { op: 'rename' | 'existed' | 'didNotExist' | 'retype'; pick: number; kind: Kind };

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
const schemaOf = (kind: Kind): TSchema => (kind === 'digits' ? Type.String({ pattern: '^[0-9]{1,9}$' }) : kind === 'integer' ? Type.Integer({ minimum: 0, maximum: 999999999 }) : kind === 'boolean' ? Type.Boolean() : Type.String());
const defaultOf = (kind: Kind): unknown => (kind === 'digits' ? '0' : kind === 'integer' ? 0 : kind === 'boolean' ? false : '');

/**
 * A random history over a random head schema: each version's one change renames a field, adds one
 * (didNotExist), removes one (existed) or changes an integer into a string of digits, with the
 * converters each needs. Returns the head schema, the history, and how many versions it has.
 */
export function historyOf(head: Kind[], ops: Op[]) {
  const state = new Map<string, Kind>(head.map((kind, i) => [NAMES[i], kind]));
  const properties: Record<string, TSchema> = {};
  for (const [name, kind] of state) properties[name] = schemaOf(kind);
  const S = Type.Object(properties);
  const fresh = () => NAMES.find((name) => !state.has(name) && !used.has(name)) as string;
  const used = new Set(state.keys());
  const changes: VersionChange[] = ops.map(({ op, pick, kind }, index) => {
    const names = [...state.keys()];
    const f = names[pick % names.length];
    const description = `change ${index}`;
    if (op === 'rename' || (op === 'retype' && state.get(f) !== 'integer') || (op === 'didNotExist' && names.length === 1)) {
      const to = fresh();
      used.add(to);
      state.set(to, state.get(f) as Kind);
      state.delete(f);
      return change({ description, instructions: [field(S, f).had({ name: to })] });
    }
    if (op === 'existed') {
      const g = fresh();
      used.add(g);
      state.set(g, kind);
      return change({
        description,
        instructions: [field(S, g).existed({ schema: schemaOf(kind), required: true })],
        requests: [{ schema: S, convert: ({ [g]: _dropped, ...rest }) => rest }],
        responses: [{ schema: S, convert: (value) => ({ ...value, [g]: defaultOf(kind) }) }],
      });
    }
    const was = state.get(f) as Kind;
    if (op === 'didNotExist') {
      state.delete(f);
      return change({ description, instructions: [field(S, f).didNotExist], requests: [{ schema: S, convert: (value) => ({ ...value, [f]: defaultOf(was) }) }] });
    }
    state.set(f, 'digits');
    return change({
      description,
      instructions: [field(S, f).had({ schema: schemaOf('digits') })],
      requests: [{ schema: S, convert: (value) => ({ ...value, [f]: Number(value[f]) }) }],
      responses: [{ schema: S, convert: (value) => ({ ...value, [f]: String(value[f]) }) }],
    });
  });
  const versions = ops.map((_, i) => ({ version: `v${ops.length + 1 - i}`, changes: [changes[i]] }));
  return { S, history: new VersionHistory([...versions, { version: 'v1' }]) };
}

/** A value valid against `schema` (the derived document's), drawn from `random`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function valueOf(schema: any, random: () => number): unknown {
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties as Record<string, unknown>).map(([key, child]) => [key, valueOf(child, random)]));
  if (schema.type === 'integer') return Math.floor(random() * 1e9);
  if (schema.type === 'boolean') return random() < 0.5;
  if (schema.pattern) return String(Math.floor(random() * 1e9));
  return random().toString(36).slice(2);
}
