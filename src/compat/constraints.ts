import { change, type Change } from './rules';
import type { Json } from './schema';

/** A bound on one side of a value: a number, and whether it is itself excluded. */
interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

/** The keywords that bound a size from below and from above, each pair read as one limit. */
const SIZES = [
  ['minLength', 'maxLength'],
  ['minItems', 'maxItems'],
  ['minProperties', 'maxProperties'],
] as const;

/**
 * Constraint keywords of one schema against its older self
 * (docs/compatibility.md): bounds (`minimum`/`exclusiveMinimum` read as one
 * lower bound, `maximum`/`exclusiveMaximum` as one upper, and the size
 * pairs), `multipleOf`, `pattern`, `format` and `uniqueItems`. A request
 * breaks an old client when a constraint admits less; a response when it
 * admits more. A changed `pattern` or `format` is read as both: no one can
 * tell in general whether one regular expression admits all another does.
 */
export function compareConstraints(a: Json | boolean, b: Json | boolean, at: string, direction: 'request' | 'response', changes: Change[]): void {
  if (typeof a === 'boolean' || typeof b === 'boolean') return;
  let tighter = false;
  let looser = false;
  const note = (order: number) => {
    if (order > 0) tighter = true;
    if (order < 0 || order === 2) looser = true;
  };
  note(compareLower(lowerOf(a, 'minimum', 'exclusiveMinimum'), lowerOf(b, 'minimum', 'exclusiveMinimum')));
  note(compareUpper(upperOf(a, 'maximum', 'exclusiveMaximum'), upperOf(b, 'maximum', 'exclusiveMaximum')));
  for (const [min, max] of SIZES) {
    note(compareLower(lowerOf(a, min), lowerOf(b, min)));
    note(compareUpper(upperOf(a, max), upperOf(b, max)));
  }
  note(compareMultiple(numberOf(a.multipleOf), numberOf(b.multipleOf)));
  for (const keyword of ['pattern', 'format'] as const) {
    const [before, after] = [a[keyword], b[keyword]];
    if (before === after) continue;
    if (before === undefined) tighter = true;
    else if (after === undefined) looser = true;
    else note(keyword === 'pattern' ? compareLiterals(literalsOf(before), literalsOf(after)) : 2);
  }
  if (a.uniqueItems !== true && b.uniqueItems === true) tighter = true;
  if (a.uniqueItems === true && b.uniqueItems !== true) looser = true;
  if (direction === 'request') {
    if (tighter) changes.push(change('request-constraint-tightened', at));
    else if (looser) changes.push(change('request-constraint-relaxed', at));
  } else if (looser) changes.push(change('response-constraint-relaxed', at));
  else if (tighter) changes.push(change('response-constraint-tightened', at));
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The tighter of a schema's inclusive and exclusive bound on one side (`compare` orders two bounds of that side). */
function boundOf(schema: Json, inclusive: string, exclusive: string | undefined, compare: (a: Bound | undefined, b: Bound | undefined) => number): Bound | undefined {
  const candidates: Bound[] = [];
  const own = numberOf(schema[inclusive]);
  if (own !== undefined) candidates.push({ value: own, exclusive: false });
  const strict = exclusive === undefined ? undefined : numberOf(schema[exclusive]);
  if (strict !== undefined) candidates.push({ value: strict, exclusive: true });
  return candidates.reduce<Bound | undefined>((best, next) => (best === undefined || compare(best, next) > 0 ? next : best), undefined);
}

const lowerOf = (schema: Json, inclusive: string, exclusive?: string) => boundOf(schema, inclusive, exclusive, compareLower);
const upperOf = (schema: Json, inclusive: string, exclusive?: string) => boundOf(schema, inclusive, exclusive, compareUpper);

/** 1 when `after` admits less than `before` from below, -1 when more, 0 when the same. */
function compareLower(before: Bound | undefined, after: Bound | undefined): number {
  if (before === undefined) return after === undefined ? 0 : 1;
  if (after === undefined) return -1;
  if (after.value !== before.value) return after.value > before.value ? 1 : -1;
  return after.exclusive === before.exclusive ? 0 : after.exclusive ? 1 : -1;
}

/** 1 when `after` admits less than `before` from above, -1 when more, 0 when the same. */
function compareUpper(before: Bound | undefined, after: Bound | undefined): number {
  if (before === undefined) return after === undefined ? 0 : 1;
  if (after === undefined) return -1;
  if (after.value !== before.value) return after.value < before.value ? 1 : -1;
  return after.exclusive === before.exclusive ? 0 : after.exclusive ? 1 : -1;
}

/**
 * The strings a pattern of literal alternatives admits (`^(?:v1|v2)$`, the
 * form waymark writes for a version parameter), or `null` for any other pattern.
 */
function literalsOf(pattern: unknown): Set<string> | null {
  if (typeof pattern !== 'string') return null;
  const body = /^\^\(\?:(.*)\)\$$/s.exec(pattern)?.[1] ?? /^\^(.*)\$$/s.exec(pattern)?.[1];
  if (body === undefined) return null;
  const literals = new Set<string>();
  for (const part of body.split('|')) {
    if (part.endsWith('\\') || /(?<!\\)[.*+?^${}()[\]]/.test(part) || /\\[^.*+?^${}()|[\]\\/-]/.test(part)) return null;
    literals.add(part.replace(/\\(.)/g, '$1'));
  }
  return literals;
}

/** 1 when `after` admits a subset of `before`'s literals, -1 a superset, 2 neither (or a pattern that is not literals). */
function compareLiterals(before: Set<string> | null, after: Set<string> | null): number {
  if (before === null || after === null) return 2;
  const fewer = [...before].some((literal) => !after.has(literal));
  const more = [...after].some((literal) => !before.has(literal));
  return fewer && more ? 2 : fewer ? 1 : more ? -1 : 0;
}

/** 1 when every multiple of `after` is one of `before` (fewer values), -1 the other way, 2 when neither. */
function compareMultiple(before: number | undefined, after: number | undefined): number {
  if (before === after) return 0;
  if (before === undefined) return 1;
  if (after === undefined) return -1;
  if (Number.isInteger(after / before)) return 1;
  if (Number.isInteger(before / after)) return -1;
  return 2;
}
