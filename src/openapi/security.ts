import type { GuardInfo, SecurityRequirement } from '../model/guard';
import type { RouteRecord } from '../model/route';

/**
 * What the route's described guards and its `createParameter()` parameters
 * say they answer and need: a custom parameter is documented like a guard
 * (docs/declaring-what-handlers-decide.md).
 */
export function describedBy(route: RouteRecord): readonly GuardInfo[] {
  const custom = route.bindings.filter((binding) => binding.custom !== undefined && (binding.custom.info.responses.length > 0 || binding.custom.info.security.length > 0));
  return custom.length === 0 ? route.guards : [...route.guards, ...custom.map((binding) => (binding.custom as NonNullable<typeof binding.custom>).info)];
}

/**
 * The operation's `security`: every guard must pass, so the requirements of
 * guards that declare one are combined (each alternative of one with each
 * of the next, scopes joined). A route whose guards declare none is public:
 * `[]`, said explicitly so that linters (and readers) know it was not forgotten.
 */
export function securityOf(guards: readonly GuardInfo[]): SecurityRequirement[] {
  let alternatives: Record<string, string[]>[] | null = null;
  for (const { security } of guards) {
    if (security.length === 0) continue;
    const previous: Record<string, string[]>[] = alternatives ?? [{}];
    alternatives = previous.flatMap((left) => security.map((right) => joined(left, right)));
  }
  return alternatives ?? [];
}

function joined(left: Record<string, string[]>, right: SecurityRequirement): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, scopes] of [...Object.entries(left), ...Object.entries(right)]) out[name] = [...new Set([...(out[name] ?? []), ...scopes])];
  return out;
}
