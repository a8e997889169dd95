import type { RouteRecord } from '../model/route';
import { methodsOf } from './methods';
import { isSimple } from './parse';
import { formsOf, type FlatToken } from './tokens';

/** A path segment as the matcher sees it: literal text (a string), or a whole-segment parameter. */
type Segment = string | { readonly param: string };

/** One `{ param }` per name, shared: the check runs over every form of every route when an app is built. */
const PARAMS = new Map<string, { readonly param: string }>();
function paramSegment(param: string): { readonly param: string } {
  let segment = PARAMS.get(param);
  if (segment === undefined) {
    segment = Object.freeze({ param });
    if (PARAMS.size < 1024) PARAMS.set(param, segment);
  }
  return segment;
}

/** An answer with nothing in it, shared. */
const NOTHING: readonly never[] = Object.freeze([]);

/** A form added earlier, as far as it can take later forms' requests. */
interface Taker<T> {
  owner: T;
  /** Its place in the order forms were added. */
  order: number;
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
 * requirements. Takers are indexed segment by segment, so a check walks only the forms that could take it.
 */
export class Shadows<T> {
  /** Forms of whole segments, by segment: a literal under its text, a parameter under `param`. */
  private readonly root: ShapeNode<T> = shapeNode();
  /** Forms that are not whole segments, by their exact writing. */
  private readonly exact = new Map<string, Taker<T>[]>();
  private added = 0;

  /**
   * The owners of earlier forms that take every request of `method` on
   * `form` (with `filled` parameters written in as text), in the order they
   * were added. `requirements` are the later form's own: a parameter the
   * earlier one constrains is taken only when constrained the same way.
   */
  takers(method: string, form: readonly FlatToken[], filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>): readonly T[] {
    return this.takersOfAll([method], form, filled, requirements);
  }

  /** As `takers`, for owners that take every one of `methods` (the form's segments and shapes found once for all). */
  takersOfAll(methods: readonly string[], form: readonly FlatToken[], filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>, segments = segmentsOf(form, filled)): readonly T[] {
    const candidates = segments === null ? (this.exact.get(exactKey(form, filled)) ?? NOTHING) : facing(this.root, segments, 0, null);
    if (candidates === null || candidates.length === 0) return NOTHING;
    let found: Taker<T>[] | null = null;
    for (const taker of candidates) {
      if (methods.every((method) => taker.methods.includes(method)) && takesAll(taker, segments, requirements)) (found ??= []).push(taker);
    }
    if (found === null) return NOTHING;
    if (found.length > 1) found.sort((a, b) => a.order - b.order);
    const owners = found.map((taker) => taker.owner);
    return owners.length > 1 ? [...new Set(owners)] : owners;
  }

  /** Records a form that later ones may be behind. */
  add(owner: T, methods: readonly string[], form: readonly FlatToken[], filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>, segments = segmentsOf(form, filled)): void {
    const taker: Taker<T> = { owner, order: this.added++, methods, segments, requirements };
    if (segments === null) {
      const key = exactKey(form, filled);
      const list = this.exact.get(key);
      if (list === undefined) this.exact.set(key, [taker]);
      else list.push(taker);
      return;
    }
    let node = this.root;
    for (const segment of segments) node = typeof segment === 'string' ? literalChild(node, segment) : (node.param ??= shapeNode());
    (node.takers ??= []).push(taker);
  }
}

/** One segment deep in the index of shapes: the forms ending here, and the next segment's literals and parameter. */
interface ShapeNode<T> {
  /** Made on the first form ending here: most nodes are on the way to one. */
  takers: Taker<T>[] | null;
  /**
   * The literals below: the first one alone (`text`, `next`), a map from the
   * second on. Most nodes of a large table have one literal below or none
   * (`/r1/items/:id`): a map each had been 5,000 maps for 5,000 routes.
   */
  text: string | null;
  next: ShapeNode<T> | null;
  literals: Map<string, ShapeNode<T>> | null;
  param: ShapeNode<T> | null;
}

const shapeNode = <T>(): ShapeNode<T> => ({ takers: null, text: null, next: null, literals: null, param: null });

function literalChild<T>(node: ShapeNode<T>, text: string): ShapeNode<T> {
  if (node.text === null) {
    node.text = text;
    return (node.next = shapeNode());
  }
  if (node.text === text) return node.next as ShapeNode<T>;
  const literals = (node.literals ??= new Map());
  let next = literals.get(text);
  if (next === undefined) literals.set(text, (next = shapeNode()));
  return next;
}

/**
 * The takers whose shape may take these segments: a literal faces the same
 * literal or a parameter, a parameter only a parameter. Walks the index
 * along the forms that exist, so a check costs what it finds, not one
 * lookup per combination of literals and parameters; `null` when it finds none.
 */
function facing<T>(node: ShapeNode<T>, segments: readonly Segment[], at: number, found: Taker<T>[] | null): Taker<T>[] | null {
  if (at === segments.length) {
    if (node.takers !== null) for (const taker of node.takers) (found ??= []).push(taker);
    return found;
  }
  const segment = segments[at];
  if (typeof segment === 'string') {
    const literal = node.text === segment ? node.next : node.literals?.get(segment);
    if (literal != null) found = facing(literal, segments, at + 1, found);
    if (segment === '') return found; // an empty segment (`/a/`) is no parameter's value
  }
  if (node.param !== null) found = facing(node.param, segments, at + 1, found);
  return found;
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
    // A RegExp path is compared with nothing: what its expression takes is not a shape of segments (docs/regexp-paths.md).
    if (route.pattern.regexp !== null) continue;
    const methods = methodsOf(route.method);
    // A pattern of static segments and whole `:params` (nearly every route) is read off its source: no tokens, one form.
    const simple = isSimple(route.pattern.source);
    const forms = simple ? SIMPLE_FORMS : formsOf(route.pattern.tokens);
    const segmented = simple ? [simpleSegments(route.pattern.source)] : forms.map((form) => segmentsOf(form, none)); // once per form, for the check and the index
    let earlier: readonly RouteRecord[] | null = null;
    for (let i = 0; i < forms.length; i++) {
      if (earlier !== null && earlier.length === 0) break; // a form no earlier route takes: the route is reached
      const takers = index.takersOfAll(methods, forms[i], none, route.requirements, segmented[i]);
      earlier = earlier === null ? takers : earlier.filter((other) => takers.includes(other));
    }
    // A route bound to a host takes only that host's requests: it hides a later route of the same hosts alone.
    if (earlier !== null) earlier = earlier.filter((other) => other.host == null || other.host === route.host);
    const shadow = earlier === null || earlier.length === 0 ? undefined : shadowOf(route, earlier);
    if (shadow) shadows.set(route, shadow);
    for (let i = 0; i < forms.length; i++) index.add(route, methods, forms[i], none, route.requirements, segmented[i]);
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

/**
 * A taker's parameter takes a literal its requirement allows, a parameter
 * with the same requirement, or anything when it has none; a form that is
 * not whole segments is taken by the same form with the same requirements.
 */
function takesAll<T>(taker: Taker<T>, segments: readonly Segment[] | null, requirements: ReadonlyMap<string, RegExp>): boolean {
  if (segments === null || taker.segments === null) return sameRequirements(taker.requirements, requirements);
  if (taker.requirements.size === 0) return true;
  return taker.segments.every((mine, at) => {
    if (typeof mine === 'string') return true; // equal literals: the shape says so
    const requirement = taker.requirements.get(mine.param);
    if (!requirement) return true;
    const theirs = segments[at];
    return typeof theirs === 'string' ? requirement.test(theirs) : sameRegExp(requirement, requirements.get(theirs.param));
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

/**
 * The form's segments, or `null` when one is not a whole literal or a whole
 * (non-wildcard) parameter. Written with indexes rather than `split` and
 * arrays of parts: it runs for every form of every route when an app is
 * built (the check for routes that can never match), where the plain
 * version cost 17 ms of a 5,000-route build.
 */
function segmentsOf(form: readonly FlatToken[], filled: ReadonlyMap<string, string>): Segment[] | null {
  const segments: Segment[] = [];
  let open = false; // false until the path's first '/' (or a part before it)
  let count = 0; // parts in the current segment
  let allText = true;
  let text = '';
  let param: string | null = null; // the name, while the segment is one parameter alone
  for (const part of form) {
    const value = part.type === 'text' ? part.value : filled.get(part.name);
    if (value === undefined) {
      open = true;
      count++;
      allText = false;
      param = count === 1 && part.type === 'param' ? part.name : null;
      continue;
    }
    for (let start = 0, index = 0; ; index++) {
      const slash = value.indexOf('/', start);
      if (index > 0 && part.type === 'text') {
        if (open && !closed(segments, count, param, allText, text)) return null;
        open = true;
        count = 0;
        allText = true;
        text = '';
        param = null;
      }
      const piece = slash === -1 ? value.slice(start) : value.slice(start, slash);
      if (piece !== '') {
        open = true;
        count++;
        text += piece;
        param = null;
      }
      if (slash === -1) break;
      start = slash + 1;
    }
  }
  return !open || closed(segments, count, param, allText, text) ? segments : null;
}

/** The one form of a simple pattern, in place of its tokens: the check reads a form only when it is not whole segments. */
const SIMPLE_FORMS: readonly (readonly FlatToken[])[] = Object.freeze([Object.freeze([])]);

/** `segmentsOf` for a simple pattern (`isSimple`), off its source: `/a/:id/` is `a`, the parameter `id`, and an empty literal. */
function simpleSegments(source: string): Segment[] {
  const parts = source.split('/');
  const segments: Segment[] = [];
  for (let i = 1; i < parts.length; i++) segments.push(parts[i].charCodeAt(0) === 58 ? paramSegment(parts[i].slice(1)) : parts[i]);
  return segments;
}

/** Ends a segment: pushes it, or answers `false` for one that is neither a whole literal nor a whole parameter. */
function closed(segments: Segment[], count: number, param: string | null, allText: boolean, text: string): boolean {
  if (count === 1 && param !== null) segments.push(paramSegment(param));
  else if (allText) segments.push(text);
  else return false;
  return true;
}
