import { guardEntry } from '../decorators/guard';
import { ImproperlyConfigured } from '../errors';
import type { GuardEntry } from '../model/guard';
import type { ParamHook } from '../model/param-hooks';

/** One hook of a level, checked, with the middleware that runs it (the guard entry the route table keeps). */
interface LevelHook extends GuardEntry {
  readonly hook: ParamHook;
}

/** The `params` of the app, of an include or of a controller, checked: parameter name to its hook. */
export type HookLevel = ReadonlyMap<string, LevelHook>;

const KNOWN = ['hook', 'responses', 'security'];

/**
 * `params` as given, checked: each entry a hook `(value, ctx, next)` or
 * `{ hook, responses?, security? }`; `null` when absent. The middleware of each
 * is made here, once: it passes the parameter's raw value, and skips the hook
 * for a parameter of an optional group the request left out.
 */
export function checkParamHooks(value: unknown, where: string): HookLevel | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ImproperlyConfigured(`${where}: params must be an object from parameter names to hooks (value, ctx, next) => ..., got ${describe(value)}.`);
  }
  const level = new Map<string, LevelHook>();
  for (const [name, entry] of Object.entries(value)) {
    const at = `${where}: params.${name}`;
    const described = typeof entry === 'object' && entry !== null;
    if (described) {
      const unknown = Object.keys(entry).find((key) => !KNOWN.includes(key));
      if (unknown !== undefined) throw new ImproperlyConfigured(`${at} has no option "${unknown}". Known options: ${KNOWN.join(', ')}.`);
    }
    const hook = (described ? (entry as { hook?: unknown }).hook : entry) as ParamHook;
    if (typeof hook !== 'function') {
      throw new ImproperlyConfigured(`${at} must be a hook (value, ctx, next) => ... or { hook, responses?, security? }, got ${describe(entry)}.`);
    }
    const middleware: GuardEntry['middleware'] = (ctx, next) => {
      const raw = (ctx.params as Record<string, string | undefined>)[name];
      return raw === undefined ? next() : hook(raw, ctx, next);
    };
    const { responses, security } = entry as { responses?: unknown; security?: unknown };
    const { info } = described ? guardEntry({ middleware, responses, security }, at) : { info: null };
    level.set(name, Object.freeze({ hook, middleware, info }));
  }
  return level.size === 0 ? null : level;
}

/**
 * The hooks a route runs: for each of its parameters in the order they appear,
 * the app's hook, then the includes' (outermost first), then the controller's;
 * a hook given at two levels for one name runs once.
 */
export function hooksOf(levels: readonly HookLevel[], names: readonly string[]): readonly GuardEntry[] {
  const entries: GuardEntry[] = [];
  for (const name of names) {
    let first: ParamHook | undefined;
    let seen: Set<ParamHook> | undefined;
    for (const level of levels) {
      const entry = level.get(name);
      if (entry === undefined || entry.hook === first || seen?.has(entry.hook)) continue;
      if (first === undefined) first = entry.hook;
      else (seen ??= new Set([first])).add(entry.hook);
      entries.push(entry);
    }
  }
  return entries;
}

function describe(value: unknown): string {
  if (typeof value === 'function') return `the function ${value.name || '(anonymous)'}`;
  return JSON.stringify(value) ?? String(value);
}
