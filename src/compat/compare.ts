import { compareConstraints } from './constraints';
import { checkSnapshotShape } from './shape';
import { compareHeaders, compareSecurity, compareStyle } from './operation';
import { change, type Change } from './rules';
import { itemsOf, MAX_DEPTH, membersOf, resolve, subset, typesOf, valuesOf, type Json } from './schema';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Side {
  readonly document: Json;
  readonly operation: Json;
  readonly path: string;
}

/**
 * Every change between two documents of one API version, the snapshot
 * (`before`) and the current one (`after`), as a client of that version sees
 * it: operations are matched by method and path shape (`/users/{}`), a
 * request is compared as what an old client sends, a response as what an old
 * client reads. See docs/compatibility.md for the rules.
 */
export function compareDocuments(before: Json, after: Json): Change[] {
  checkSnapshotShape(before, 'the snapshot');
  checkSnapshotShape(after, 'the current document');
  const changes: Change[] = [];
  const old = operationsOf(before);
  const now = operationsOf(after);
  for (const [key, side] of old) {
    const current = now.get(key);
    if (current === undefined) changes.push(change('operation-removed', `${key.split(' ')[0]} ${side.path}`));
    else compareOperation(side, current, `${key.split(' ')[0]} ${current.path}`, changes);
  }
  for (const [key, side] of now) if (!old.has(key)) changes.push(change('operation-added', `${key.split(' ')[0]} ${side.path}`));
  return changes;
}

function operationsOf(document: Json): Map<string, Side> {
  const out = new Map<string, Side>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation !== undefined) out.set(`${method.toUpperCase()} ${path.replace(/\{[^{}]*\}/g, '{}')}`, { document, operation: { ...operation, parameters: [...((item.parameters ?? []) as Json[]), ...((operation.parameters ?? []) as Json[])] }, path });
    }
  }
  return out;
}

function compareOperation(old: Side, now: Side, at: string, changes: Change[]): void {
  compareParameters(old, now, at, changes);
  compareBody(old, now, at, changes);
  compareSecurity(old, now, at, changes);
  const before = (old.operation.responses ?? {}) as Record<string, Json>;
  const after = (now.operation.responses ?? {}) as Record<string, Json>;
  for (const status of Object.keys(before)) {
    if (!Object.hasOwn(after, status)) changes.push(change('response-status-removed', `${at} ${status}`));
    else {
      const [a, b] = [resolve(before[status], old.document), resolve(after[status], now.document)];
      if (typeof a === 'object' && typeof b === 'object') {
        compareContent(old, now, a.content, b.content, `${at} ${status}`, 'response', changes);
        compareHeaders({ response: a, document: old.document }, { response: b, document: now.document }, `${at} ${status}`, changes, (x, y, where) => compareSchema(old, now, x, y, where, 'response', changes, 0));
      }
    }
  }
  for (const status of Object.keys(after)) if (!Object.hasOwn(before, status)) changes.push(change('response-status-added', `${at} ${status}`));
}

function parametersOf(side: Side): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const raw of side.operation.parameters as Json[]) {
    const parameter = resolve(raw, side.document);
    if (typeof parameter === 'object') out.set(`${String(parameter.in)} ${String(parameter.name)}`, parameter);
  }
  return out;
}

function compareParameters(old: Side, now: Side, at: string, changes: Change[]): void {
  const before = parametersOf(old);
  const after = parametersOf(now);
  const oldPath = [...before.values()].filter((p) => p.in === 'path').map((p) => p.name);
  const newPath = [...after.values()].filter((p) => p.in === 'path').map((p) => p.name);
  const renamed = new Set<string>();
  // Path parameters are matched by position (the paths have the same shape): a new name is a rename.
  for (let i = 0; i < Math.min(oldPath.length, newPath.length); i++) {
    if (oldPath[i] === newPath[i]) continue;
    changes.push(change('request-parameter-renamed', `${at} parameter path ${String(oldPath[i])} → ${String(newPath[i])}`));
    renamed.add(`path ${String(oldPath[i])}`).add(`path ${String(newPath[i])}`);
    compareSchema(old, now, before.get(`path ${String(oldPath[i])}`)?.schema, after.get(`path ${String(newPath[i])}`)?.schema, `${at} parameter path ${String(newPath[i])}`, 'request', changes, 0);
  }
  for (const [key, parameter] of before) {
    if (renamed.has(key)) continue;
    const current = after.get(key);
    if (current === undefined) {
      const elsewhere = [...after.values()].some((p) => p.name === parameter.name);
      changes.push(change(elsewhere ? 'request-parameter-moved' : 'request-parameter-removed', `${at} parameter ${key}`));
      continue;
    }
    if (parameter.required !== true && current.required === true) changes.push(change('request-parameter-became-required', `${at} parameter ${key}`));
    if (parameter.required === true && current.required !== true) changes.push(change('request-requirement-relaxed', `${at} parameter ${key}`));
    compareStyle(parameter, current, `${at} parameter ${key}`, changes);
    compareSchema(old, now, parameter.schema, current.schema, `${at} parameter ${key}`, 'request', changes, 0);
  }
  for (const [key, parameter] of after) {
    if (before.has(key) || renamed.has(key) || [...before.values()].some((p) => p.name === parameter.name)) continue;
    changes.push(change(parameter.required === true ? 'request-parameter-added-required' : 'request-parameter-added', `${at} parameter ${key}`));
  }
}

function compareBody(old: Side, now: Side, at: string, changes: Change[]): void {
  const before = resolve(old.operation.requestBody, old.document);
  const after = resolve(now.operation.requestBody, now.document);
  const oldBody = typeof before === 'object' && old.operation.requestBody !== undefined ? before : null;
  const newBody = typeof after === 'object' && now.operation.requestBody !== undefined ? after : null;
  if (newBody === null) return; // a body no longer read: what an old client sends is ignored
  const wasRequired = oldBody?.required === true;
  if (newBody.required === true && !wasRequired) changes.push(change('request-body-became-required', `${at} body`));
  if (oldBody === null) return;
  if (wasRequired && newBody.required !== true) changes.push(change('request-requirement-relaxed', `${at} body`));
  compareContent(old, now, oldBody.content, newBody.content, `${at} body`, 'request', changes);
}

const ITEM_KEYS = ['itemSchema', 'x-waymark-items'] as const;

function compareContent(old: Side, now: Side, before: unknown, after: unknown, at: string, direction: 'request' | 'response', changes: Change[]): void {
  const a = (before ?? {}) as Record<string, Json>;
  const b = (after ?? {}) as Record<string, Json>;
  for (const mediaType of Object.keys(a)) {
    if (!Object.hasOwn(b, mediaType)) changes.push(change(direction === 'request' ? 'request-media-type-removed' : 'response-media-type-removed', `${at} ${mediaType}`));
    else {
      compareSchema(old, now, a[mediaType].schema, b[mediaType].schema, `${at} ${mediaType} #`, direction, changes, 0);
      // A stream's items, as 3.2 writes them and as 3.1 carries them beside the body (docs/streams.md#in-the-documents), compare as bodies do.
      for (const key of ITEM_KEYS) compareSchema(old, now, a[mediaType][key], b[mediaType][key], `${at} ${mediaType} ${key} #`, direction, changes, 0);
    }
  }
  for (const mediaType of Object.keys(b)) {
    if (!Object.hasOwn(a, mediaType)) changes.push(change(direction === 'request' ? 'request-media-type-added' : 'response-media-type-added', `${at} ${mediaType}`));
  }
}

/**
 * One schema against its older self. A request schema breaks an old client
 * when it admits less (a type or a value gone, a member now required); a
 * response schema when it may hold more (a new type or value, a member gone
 * or now optional).
 *
 * Within one top-level schema, each pair of schemas is compared once
 * (`compared`), and its changes are reported where the pair is first met: a
 * schema that names itself, or one named several times at each level, would
 * otherwise be walked once per path, 3^24 times for three names.
 */
function compareSchema(old: Side, now: Side, before: unknown, after: unknown, at: string, direction: 'request' | 'response', changes: Change[], depth: number, compared: Compared = new Map()): void {
  if (depth > MAX_DEPTH || before === undefined || after === undefined) return;
  const a = resolve(before, old.document);
  const b = resolve(after, now.document);
  if (typeof a === 'object' && typeof b === 'object') {
    const seen = compared.get(a) ?? new Set();
    if (seen.has(b)) return;
    compared.set(a, seen.add(b));
  }
  const [oldTypes, newTypes] = [typesOf(a, old.document), typesOf(b, now.document)];
  const [oldValues, newValues] = [valuesOf(a), valuesOf(b)];
  const fewerValues = (newValues !== null && (oldValues === null || oldValues.some((v) => !newValues.includes(v)))) || !subset(oldTypes, newTypes);
  const moreValues = (oldValues !== null && (newValues === null || newValues.some((v) => !oldValues.includes(v)))) || !subset(newTypes, oldTypes);
  if (direction === 'request') {
    if (fewerValues) changes.push(change('request-type-narrowed', at));
    else if (moreValues) changes.push(change('request-type-widened', at));
  } else if (moreValues) changes.push(change('response-type-widened', at));
  else if (fewerValues) changes.push(change('response-type-narrowed', at));
  compareConstraints(a, b, at, direction, changes);
  compareMembers(old, now, a, b, at, direction, changes, depth, compared);
  const [oldItems, newItems] = [itemsOf(a), itemsOf(b)];
  if (oldItems !== undefined && newItems !== undefined) compareSchema(old, now, oldItems, newItems, `${at}/0`, direction, changes, depth + 1, compared);
}

/** The pairs of schemas (before → after) already compared under one top-level schema. */
type Compared = Map<object, Set<object>>;

function compareMembers(old: Side, now: Side, a: Json | boolean, b: Json | boolean, at: string, direction: 'request' | 'response', changes: Change[], depth: number, compared: Compared): void {
  const before = membersOf(a, old.document);
  const after = membersOf(b, now.document);
  const member = (name: string) => `${at}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  for (const [name, schema] of before.properties) {
    if (!after.properties.has(name)) {
      changes.push(change(direction === 'response' ? 'response-property-removed' : 'request-property-removed', member(name)));
      continue;
    }
    const [wasRequired, isRequired] = [before.required.has(name), after.required.has(name)];
    if (direction === 'request' && !wasRequired && isRequired) changes.push(change('request-property-became-required', member(name)));
    if (direction === 'request' && wasRequired && !isRequired) changes.push(change('request-requirement-relaxed', member(name)));
    if (direction === 'response' && wasRequired && !isRequired) changes.push(change('response-property-became-optional', member(name)));
    compareSchema(old, now, schema, after.properties.get(name), member(name), direction, changes, depth + 1, compared);
  }
  for (const name of after.properties.keys()) {
    if (before.properties.has(name)) continue;
    if (direction === 'response') changes.push(change('response-property-added', member(name)));
    else changes.push(change(after.required.has(name) ? 'request-property-added-required' : 'request-property-added', member(name)));
  }
}
