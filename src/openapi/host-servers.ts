import type { RouteHost } from '../model/route';

/** One server of an operation bound to a host, its host parameters as server variables. */
export interface HostServer {
  url: string;
  variables?: Record<string, { default: string; description: string }>;
}

/**
 * The servers of an operation bound to a host (docs/coming-from-koa-router.md#hosts): one per
 * pattern, each `:name` or `*name` a variable, on `origin`'s scheme and port (https without one).
 * A RegExp, or a pattern with an optional group, has no server URL and is left out.
 */
/** The host template the typed client fills (`{tenant}.example.com`), from the route's first pattern that has one; `null` when none. */
export function hostTemplateOf(host: RouteHost): string | null {
  const source = host.sources.find((entry) => !entry.startsWith('/') && !entry.includes('{'));
  return source === undefined ? null : source.replace(/[:*]([A-Za-z_$][\w$]*)/g, '{$1}');
}

export function hostServersOf(host: RouteHost, origin: string | null): HostServer[] {
  const url = origin === null ? null : new URL(origin);
  const scheme = url === null ? 'https:' : url.protocol;
  const port = url === null || url.port === '' ? '' : `:${url.port}`;
  const servers: HostServer[] = [];
  for (const source of host.sources) {
    if (source.startsWith('/') || source.includes('{')) continue;
    const names: string[] = [];
    const template = source.replace(/[:*]([A-Za-z_$][\w$]*)/g, (_, name: string) => (names.push(name), `{${name}}`));
    const server: HostServer = { url: `${scheme}//${template}${port}` };
    if (names.length > 0) server.variables = Object.fromEntries(names.map((name) => [name, { default: name, description: `The host parameter "${name}".` }]));
    servers.push(server);
  }
  return servers;
}
