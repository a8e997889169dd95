import type { RouteRecord } from '../model/route';
import { methodsOf } from './methods';
import { formsOf, type FlatToken } from './tokens';

/** A path segment as the matcher sees it: literal text, or a whole-segment parameter. */
type Segment = { text: string } | { param: string };

/** A form added earlier, as far as it can take later forms' requests. */
interface Taker<T> {
  owner: T;
  methods: readonly string[];
  /** `null` for a form that is not made of whole segments: it takes only a form written the same way. */
  segments: readonly Segment[] | null;
  requirements: ReadonlyMap<string, RegExp>;
}

/**
 * waymark matches in registration order, so a form whose every request an
 * earlier one takes (`GET /a/b` after `GET /a/:x`, or the same pattern
 * again) is never reached. This is the one place that decides it: the route
 * listing and the OpenAPI document both ask here. Forms of whole segments
 * (text, or one parameter per segment) are compared segment by segment; any
 * other form is taken only by one written the same way with the same
 * requirements. Takers are indexed by shape, so a check costs a few lookups.
 */
export class Shadows<T> {
  private readonly byShape = new Map<string, Taker<T>[]>();

  /**
   * The owners of earlier forms that take every request of `method` on
   * `form` (with `filled` parameters written in as text), in the order they
   * were added. `requirements` are the later form's own: a parameter the
   * earlier one constrains is taken only when constrained the same way.
   */
  takers(method: string, form: readonly FlatToken[], filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>): T[] {
    return this.takersOfAll([method], form, filled, requirements);
  }

  /** As `takers`, for owners that take every one of `methods` (the form's segments and shapes found once for all). */
  takersOfAll(methods: readonly string[], form: readonly FlatToken[], filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>): T[] {
    const segments = segmentsOf(form, filled);
    const found: T[] = [];
    for (const shape of segments === null ? [exactKey(form, filled)] : shapesFacing(segments)) {
      for (const taker of this.byShape.get(shape) ?? []) {
        if (methods.every((method) => taker.methods.includes(method)) && takesAll(taker, segments, requirements)) found.push(taker.owner);
      }
    }
    return found.length > 1 ? [...new Set(found)] : found;
  }

  /** Records a form that later ones may be behind. */
  add(owner: T, methods: readonly string[], form: readonly FlatToken[], filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>): void {
    const segments = segmentsOf(form, filled);
    const shape = segments === null ? exactKey(form, filled) : segments.map((segment) => ('text' in segment ? `=${segment.text}` : '*')).join('/');
    const list = this.byShape.get(shape) ?? [];
    list.push({ owner, methods, segments, requirements });
    this.byShape.set(shape, list);
  }
}

/** Which earlier route takes a route's requests: for every version it serves (`versions: null`), or for some. */
export interface Shadow {
  readonly by: RouteRecord;
  /** The versions `by` takes, `null` when it takes them all and the route is never reached. */
  readonly versions: readonly (string | null)[] | null;
}

/**
 * The routes that earlier ones hide from requests: an earlier route answers
 * each of their methods on each of their forms, with versions in common
 * (docs/cli.md). A hidden route still reverses, as in Django, so this is
 * a note for the route listing, not an error.
 */
export function shadowedRoutes(routes: readonly RouteRecord[]): Map<RouteRecord, Shadow> {
  const shadows = new Map<RouteRecord, Shadow>();
  const index = new Shadows<RouteRecord>();
  const none = new Map<string, string>();
  for (const route of routes) {
    const methods = methodsOf(route.method);
    const forms = formsOf(route.pattern.tokens);
    let earlier: RouteRecord[] | null = null;
    for (const form of forms) {
      if (earlier !== null && earlier.length === 0) break; // a form no earlier route takes: the route is reached
      const takers = index.takersOfAll(methods, form, none, route.requirements);
      earlier = earlier === null ? takers : earlier.filter((other) => takers.includes(other));
    }
    const shadow = shadowOf(route, earlier ?? []);
    if (shadow) shadows.set(route, shadow);
    for (const form of forms) index.add(route, methods, form, none, route.requirements);
  }
  return shadows;
}

function shadowOf(route: RouteRecord, earlier: readonly RouteRecord[]): Shadow | undefined {
  const all = earlier.find((other) => other.versions === null);
  if (all) return { by: all, versions: null };
  const earlierVersions = new Set(earlier.flatMap((other) => other.versions ?? []));
  const taken = route.versions === null ? [...earlierVersions] : route.versions.filter((version) => earlierVersions.has(version));
  const by = earlier.find((other) => other.versions?.some((version) => taken.includes(version)));
  if (!by) return undefined;
  return { by, versions: route.versions !== null && taken.length === route.versions.length ? null : taken };
}

/** The shapes of the takers that may take these segments: each literal may face a literal or a parameter. */
function shapesFacing(segments: readonly Segment[]): string[] {
  const texts = segments.flatMap((segment, at) => ('text' in segment ? [at] : []));
  if (texts.length > 8) return []; // 256 shapes at most; past that, nothing is said to be taken
  const shapes: string[] = [];
  for (let mask = 0; mask < 1 << texts.length; mask++) {
    shapes.push(segments.map((segment, at) => ('text' in segment && !(mask & (1 << texts.indexOf(at))) ? `=${segment.text}` : '*')).join('/'));
  }
  return shapes;
}

/**
 * A taker's parameter takes a literal its requirement allows, a parameter
 * with the same requirement, or anything when it has none; a form that is
 * not whole segments is taken by the same form with the same requirements.
 */
function takesAll<T>(taker: Taker<T>, segments: readonly Segment[] | null, requirements: ReadonlyMap<string, RegExp>): boolean {
  if (segments === null || taker.segments === null) return sameRequirements(taker.requirements, requirements);
  return taker.segments.every((mine, at) => {
    if (!('param' in mine)) return true; // equal literals: the shape says so
    const requirement = taker.requirements.get(mine.param);
    if (!requirement) return true;
    const theirs = segments[at];
    return 'text' in theirs ? requirement.test(theirs.text) : sameRegExp(requirement, requirements.get(theirs.param));
  });
}

function sameRequirements(a: ReadonlyMap<string, RegExp>, b: ReadonlyMap<string, RegExp>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, pattern] of a) if (!sameRegExp(pattern, b.get(name))) return false;
  return true;
}

function sameRegExp(a: RegExp, b: RegExp | undefined): boolean {
  return b !== undefined && a.source === b.source && a.flags === b.flags;
}

/** A form that is not whole segments, written out: parameters by kind (their names do not change what matches), filled ones as their text. */
function exactKey(form: readonly FlatToken[], filled: ReadonlyMap<string, string>): string {
  let key = '!';
  for (const token of form) {
    if (token.type === 'text') key += JSON.stringify(token.value);
    else key += filled.has(token.name) ? JSON.stringify(filled.get(token.name)) : token.type === 'wildcard' ? '*' : ':';
  }
  return key;
}

/** The form's segments, or `null` when one is not a whole literal or a whole (non-wildcard) parameter. */
function segmentsOf(form: readonly FlatToken[], filled: ReadonlyMap<string, string>): Segment[] | null {
  const segments: Segment[] = [];
  let current: FlatToken[] | null = null; // null until the path's first '/'
  let whole = true;
  const close = () => {
    if (current === null) return;
    const [only] = current;
    if (current.length === 1 && only.type === 'param') segments.push({ param: only.name });
    else if (current.every((part) => part.type === 'text')) segments.push({ text: current.map((part) => (part as { value: string }).value).join('') });
    else whole = false;
  };
  for (const part of form) {
    const text = part.type === 'text' ? part.value : filled.get(part.name);
    if (text === undefined) {
      (current ??= []).push(part);
      continue;
    }
    text.split('/').forEach((piece, index) => {
      if (index > 0 && part.type === 'text') {
        close();
        current = [];
      }
      if (piece !== '') (current ??= []).push({ type: 'text', value: piece });
    });
  }
  close();
  return whole ? segments : null;
}
