import { ImproperlyConfigured } from '../errors';
import { linearRegExp } from '../util/linear-regexp';
import type { RoutePattern, RouteRecord } from '../model/route';
import { CompiledPattern, type ParamLists } from './pattern';

/** A route, namespace or app name: non-empty, no `:`, no white space or control characters. */
const NAME = /^[^\s:\p{Cc}]+$/u;

// The route table's build-time checks: each throws ImproperlyConfigured naming the offender and the fix.

/** The full path pattern, compiled; a pattern path-to-regexp refuses, or a parameter named twice, is a misconfiguration. */
export function compile(source: string, where: string, shared?: ParamLists): CompiledPattern {
  try {
    const pattern = new CompiledPattern(source, shared);
    const params = pattern.params;
    for (let i = 1; i < params.length; i++) {
      for (let j = 0; j < i; j++) if (params[j].name === params[i].name) throw new Error(`parameter "${params[i].name}" appears twice`);
    }
    return pattern;
  } catch (error) {
    if (error instanceof ImproperlyConfigured) throw error;
    throw new ImproperlyConfigured(`Invalid path pattern '${source}' on ${where}: ${(error as Error).message}.`);
  }
}

/** Each requirement anchored to the whole value, on a parameter the pattern has. */
export function compileRequirements(
  requirements: Record<string, RegExp | string>,
  pattern: RoutePattern,
  where: string,
  hostParams: readonly string[] = [],
): ReadonlyMap<string, RegExp> {
  const compiled = new Map<string, RegExp>();
  for (const [param, requirement] of Object.entries(requirements)) {
    if (!pattern.has(param) && !hostParams.includes(param)) {
      throw new ImproperlyConfigured(
        `${where} has a requirement on "${param}", but its path '${pattern.source}' has no such parameter. ` +
          `Parameters: ${pattern.params.map((p) => p.name).join(', ') || 'none'}.`,
      );
    }
    compiled.set(param, anchored(requirement, `requirement "${param}" of ${where}`));
  }
  return compiled;
}

/** A requirement must match the whole value: `/\d+/` rejects `a1`. It runs on the linear engine (docs/security.md). */
function anchored(requirement: RegExp | string, where: string): RegExp {
  if (requirement instanceof RegExp) return linearRegExp(`^(?:${requirement.source})$`, requirement.flags, where);
  if (typeof requirement !== 'string') throw new ImproperlyConfigured(`${where} must be a RegExp or a string.`);
  try {
    new RegExp(requirement, 'u');
  } catch (error) {
    throw new ImproperlyConfigured(`${where} is not a valid regular expression: ${(error as Error).message}`);
  }
  return linearRegExp(`^(?:${requirement})$`, 'u', where);
}

/** Two routes with the same full name, method and pattern must serve disjoint versions (`route` came after `earlier`). */
export function checkDuplicate(earlier: RouteRecord, route: RouteRecord): void {
  if (earlier.method !== route.method || earlier.pattern.source !== route.pattern.source) return;
  if (!versionsOverlap(earlier.versions, route.versions)) return;
  throw new ImproperlyConfigured(
    `Two routes are named '${route.fullName}' for ${route.method} '${route.pattern.source}' and serve the same versions: ` +
      `${earlier.controller.name}.${String(earlier.handler)} and ${route.controller.name}.${String(route.handler)}. ` +
      'Rename one, or give them disjoint `versions`.',
  );
}

function versionsOverlap(a: readonly (string | null)[] | null, b: readonly (string | null)[] | null): boolean {
  return a === null || b === null || a.some((version) => b.includes(version));
}

export function checkName(name: unknown, what: string): void {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ImproperlyConfigured(
      `Invalid ${what} ${JSON.stringify(name)}: use a non-empty string without ':' or white space ` +
        "(nest namespaces with include() instead of writing 'a:b').",
    );
  }
}

export function checkPrefix(path: unknown, where: string): void {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/'))) {
    throw new ImproperlyConfigured(`${where}: a path must be '' or start with '/', got ${JSON.stringify(path)}.`);
  }
}
