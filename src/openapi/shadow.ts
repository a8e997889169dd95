import type { FormPart, PathForm } from './paths';

/** A path segment as the matcher sees it: literal text, or a whole-segment parameter. */
type Segment = { text: string } | { param: string };

/** An operation already in the document, as far as it can take other operations' requests. */
interface Taker {
  methods: ReadonlySet<string>;
  segments: readonly Segment[];
  requirements: ReadonlyMap<string, RegExp>;
}

/**
 * waymark matches in registration order, so an operation whose every request
 * an earlier one takes (`GET /a/b` after `GET /a/:x`) is never reached and is
 * left out of the document. Only paths made of whole segments are compared
 * (text, or one parameter per segment); anything else is kept, as it may be
 * reached. Takers are indexed by their shape, so a check costs a few lookups.
 */
export class Shadows {
  private readonly byShape = new Map<string, Taker[]>();

  /** Whether an earlier operation takes every request of `method` on this form. */
  taken(method: string, form: PathForm, filled: ReadonlyMap<string, string>): boolean {
    const segments = segmentsOf(form, filled);
    if (segments === null) return false;
    const texts = segments.flatMap((segment, at) => ('text' in segment ? [at] : []));
    if (texts.length > 8) return false; // 256 shapes at most
    for (let mask = 0; mask < 1 << texts.length; mask++) {
      // Each literal segment of this form may face a literal or a parameter of the taker.
      const shape = segments.map((segment, at) => ('text' in segment && !(mask & (1 << texts.indexOf(at))) ? `=${segment.text}` : '*')).join('/');
      for (const taker of this.byShape.get(shape) ?? []) {
        if ((taker.methods.has(method) || taker.methods.has('ALL')) && takesAll(taker, segments)) return true;
      }
    }
    return false;
  }

  /** Records an operation that later ones may be behind. */
  add(methods: ReadonlySet<string>, form: PathForm, filled: ReadonlyMap<string, string>, requirements: ReadonlyMap<string, RegExp>): void {
    const segments = segmentsOf(form, filled);
    if (segments === null) return;
    const shape = segments.map((segment) => ('text' in segment ? `=${segment.text}` : '*')).join('/');
    const list = this.byShape.get(shape) ?? [];
    list.push({ methods, segments, requirements });
    this.byShape.set(shape, list);
  }
}

/** A taker's parameter takes a literal its requirement allows, or any value when it has none. */
function takesAll(taker: Taker, segments: readonly Segment[]): boolean {
  return taker.segments.every((mine, at) => {
    if (!('param' in mine)) return true; // equal literals: the shape says so
    const requirement = taker.requirements.get(mine.param);
    if (!requirement) return true;
    const theirs = segments[at];
    return 'text' in theirs && requirement.test(theirs.text);
  });
}

/** The form's segments, or `null` when one is not a whole literal or a whole (non-wildcard) parameter. */
function segmentsOf(form: PathForm, filled: ReadonlyMap<string, string>): Segment[] | null {
  const segments: Segment[] = [];
  let current: FormPart[] | null = null; // null until the path's first '/'
  let whole = true;
  const close = () => {
    if (current === null) return;
    const [only] = current;
    if (current.length === 1 && only.kind === 'param' && !only.wildcard) segments.push({ param: only.name });
    else if (current.every((part) => part.kind === 'text')) segments.push({ text: current.map((part) => (part as { value: string }).value).join('') });
    else whole = false;
  };
  for (const part of form) {
    const text = part.kind === 'text' ? part.value : filled.get(part.name);
    if (text === undefined) {
      (current ??= []).push(part);
      continue;
    }
    text.split('/').forEach((piece, index) => {
      if (index > 0 && part.kind === 'text') {
        close();
        current = [];
      }
      if (piece !== '') (current ??= []).push({ kind: 'text', value: piece });
    });
  }
  close();
  return whole ? segments : null;
}
