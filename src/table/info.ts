import type { RouteInfo } from '../model/info';
import type { RouteRecord, RouteTable } from '../model/route';
import type { VersioningScheme } from '../model/scheme';
import { methodsOf } from './methods';
import { eachWrittenName } from './namespaces';
import { sharedNames } from './duplicate-names';
import { shadowedRoutes } from './shadow';

/** Made on first read, per table: an app that never lists its routes pays nothing. */
const listed = new WeakMap<RouteTable, readonly RouteInfo[]>();

/** The routes of `table` as `app.routes` gives them: frozen plain data, in registration order. */
export function routeInfos(table: RouteTable, appScheme: VersioningScheme | null): readonly RouteInfo[] {
  let infos = listed.get(table);
  if (infos !== undefined) return infos;
  const names = new Map<RouteRecord, string[]>();
  eachWrittenName(table.root, (written, route) => {
    const list = names.get(route) ?? [];
    const name = written.join(':');
    if (!list.includes(name)) list.push(name);
    names.set(route, list);
  });
  const shadows = shadowedRoutes(table.routes);
  const shared = sharedNames(table);
  infos = Object.freeze(
    table.routes.map((route): RouteInfo => {
      const shadow = shadows.get(route);
      return Object.freeze({
        name: route.fullName,
        names: Object.freeze(names.get(route) ?? []),
        method: route.method,
        methods: Object.freeze([...methodsOf(route.method)]),
        pattern: route.pattern.source,
        namespace: route.namespace,
        appNamespace: route.appNamespace,
        versions: route.versions === null ? null : Object.freeze([...route.versions]),
        versioning: route.versioning === undefined ? appScheme : route.versioning,
        parameters: Object.freeze(route.pattern.params.map((param) => Object.freeze({ ...param }))),
        requirements: Object.freeze(Object.fromEntries([...route.requirements].map(([param, pattern]) => [param, unanchored(pattern)]))),
        handler: handlerOf(route),
        docs: route.docs,
        shadowedBy: shadow
          ? Object.freeze({ route: shadow.by.fullName ?? handlerOf(shadow.by), versions: shadow.versions === null ? null : Object.freeze([...shadow.versions]) })
          : null,
        sharesNameWith: shared.has(route) ? Object.freeze([...(shared.get(route) as string[])]) : null,
        renderers: route.renderers === null ? null : Object.freeze(route.renderers.map((renderer) => renderer.mediaType)),
        parsers: route.parsers === null ? null : Object.freeze(route.parsers.map((parser) => parser.mediaType)),
        host: route.host == null ? null : Object.freeze({ patterns: route.host.sources, parameters: route.host.params }),
        regexp: regexpInfo(route),
        trailingSlash: route.trailingSlash,
      });
    }),
  );
  listed.set(table, infos);
  return infos;
}

function handlerOf(route: RouteRecord): string {
  return `${route.controller.name}.${String(route.handler)}`;
}

/** The requirement as the user wrote it: the builder anchors it as `^(?:...)$`. */
function unanchored(pattern: RegExp): string {
  const anchored = /^\^\(\?:([\s\S]*)\)\$$/.exec(pattern.source);
  return anchored ? anchored[1] : pattern.source;
}

function regexpInfo({ pattern }: RouteRecord): RouteInfo['regexp'] {
  const regexp = pattern.regexp;
  if (regexp === null) return null;
  const { source, flags } = regexp.expression;
  return Object.freeze({ source, flags, prefix: regexp.prefix, groups: Object.freeze([...regexp.groups]), irreversible: regexp.irreversible });
}
