import { controllerMetadata } from '../decorators/controller';
import { bindingsOf } from '../decorators/params';
import { routesOf, type RouteMetadata } from '../decorators/routes';
import { controllerMiddleware, routeMiddleware } from '../decorators/use';
import { ImproperlyConfigured } from '../errors';
import { checkKeys, keysOf } from '../util/keys';
import { MetadataKeys, ownPropertiesWith } from '../metadata';
import { checkName, checkPrefix, compile, compileRequirements } from './checks';
import { isInclude, type RouteSource } from './include';
import type { ControllerOptions, RouteOptions, TrailingSlash } from '../model/options';
import { checkTrailingSlash, joinDeclared } from './trailing-slash';
import type { Renderer } from '../model/renderer';
import { checkRenderers } from './renderers';
import type { GuardEntry } from '../model/guard';
import type { ParamBinding } from '../model/params';
import type { RouteRecord, RouteTable } from '../model/route';
import type { VersioningScheme } from '../model/scheme';
import { checkRouteDocs } from './route-docs';
import { checkVersionList } from './versions';
import { checkParsers } from './parsers';
import type { Parser } from '../model/parser';
import { NamespaceNode } from './namespaces';
import { ParamLists } from './pattern';
import { keepsRoute, type TableFacts } from './build-check';
import { checkParamHooks, hooksOf, type HookLevel } from './param-hooks';
import type { ParamHooks } from '../model/param-hooks';
import { HostRule } from './host';
import { checkMethod } from './methods';
import { RegExpPattern } from './regexp-pattern';

interface Scope {
  prefix: string;
  namespaces: readonly string[];
  appNames: readonly string[];
  /** `namespaces` and `appNames` joined with `:`, and the prefix of a namespaced name: made once per scope, shared by its routes' records. */
  namespace: string;
  appNamespace: string;
  namePrefix: string;
  node: NamespaceNode;
  /** The `use` of the enclosing includes, outermost first. */
  use: readonly GuardEntry[];
  /** Parameter lists made so far in this build, shared between routes (CompiledPattern). */
  params: ParamLists;
  /** The innermost renderers named so far (include, then controller); `null`: the app's. */
  renderers: readonly Renderer[] | null;
  /** The innermost `parsers` set around the routes; `null`: the app's. */
  parsers: readonly Parser[] | null;
  /** What a controller's route conditions read of the app (`keepsRoute`). */
  facts: TableFacts;
  /** The parameter hooks of the app, the includes and the controller, outermost first (table/param-hooks.ts). */
  hooks: readonly HookLevel[];
  /** The hosts the routes are bound to (an include's or the controller's `host`), `null`: every host. */
  host: HostRule | null;
  trailingSlash: TrailingSlash;
}

/** What the app gives the table besides its routes. */
export interface TableOptions {
  /** `createApp()`'s `params`: the app's parameter hooks, run before every include's and controller's. */
  params?: ParamHooks;
  /** Whether the app versions at all (a route condition reads it); default `true`. */
  versioned?: boolean;
  /** `createApp()`'s `trailingSlash` (default `'optional'`). */
  trailingSlash?: TrailingSlash;
}

/**
 * Turns controller classes and `include()` groups into the route table.
 * Misconfiguration throws `ImproperlyConfigured` naming the offending value.
 */
export function buildRouteTable(sources: readonly RouteSource[], options: TableOptions = {}): RouteTable {
  const root = new NamespaceNode();
  const routes: RouteRecord[] = [];
  const facts: TableFacts = { versioned: options.versioned ?? true };
  const hooks = withHooks([], checkParamHooks(options.params, 'createApp()'));
  walk(sources, { prefix: '', namespaces: [], appNames: [], namespace: '', appNamespace: '', namePrefix: '', node: root, use: [], params: new ParamLists(), renderers: null, parsers: null, hooks, host: null, facts, trailingSlash: options.trailingSlash ?? 'optional' }, routes);
  return { routes, root };
}

function walk(sources: readonly RouteSource[], scope: Scope, out: RouteRecord[]): void {
  for (const source of sources) {
    if (isInclude(source)) {
      checkPrefix(source.prefix, `include('${source.prefix}')`);
      const inner = enter(scope, joinPath(scope.prefix, source.prefix), source.namespace, source.appName);
      const trailingSlash = source.trailingSlash ?? scope.trailingSlash;
      const hooks = withHooks(scope.hooks, source.params ?? null);
      const host = withHost(scope.host, source.host ?? null, `include('${source.prefix}')`);
      walk(source.routes, { ...inner, use: [...scope.use, ...source.use], renderers: source.renderers ?? scope.renderers, parsers: source.parsers ?? scope.parsers, hooks, host, trailingSlash }, out);
    } else if (typeof source === 'function') {
      addController(source, scope, out);
    } else {
      throw new ImproperlyConfigured(`routes may hold controller classes and include() groups, not ${String(source)}.`);
    }
  }
}

function enter(scope: Scope, prefix: string, namespace: string | undefined, appName: string | undefined): Scope {
  if (namespace === undefined) return { ...scope, prefix };
  checkName(namespace, 'namespace');
  if (appName !== undefined) checkName(appName, 'appName');
  const namespaces = [...scope.namespaces, namespace];
  const appNames = appName === undefined ? scope.appNames : [...scope.appNames, appName];
  const joined = namespaces.join(':');
  return { ...scope, prefix, namespaces, appNames, namespace: joined, appNamespace: appNames.join(':'), namePrefix: `${joined}:`, node: scope.node.mount(namespace, appName) };
}

function addController(controller: Function, outer: Scope, out: RouteRecord[]): void {
  const meta = controllerMetadata(controller);
  if (!meta) {
    throw new ImproperlyConfigured(`${controller.name || 'A class'} is in routes but has no @Controller() decorator.`);
  }
  checkKeys(`@Controller() options of ${controller.name}`, meta.options, CONTROLLER_OPTION_KEYS);
  checkPrefix(meta.prefix, `@Controller('${meta.prefix}') on ${controller.name}`);
  const entered = enter(outer, joinPath(outer.prefix, meta.prefix), meta.options.namespace, undefined);
  const renderers = meta.options.renderers === undefined ? outer.renderers : checkRenderers(meta.options.renderers, `@Controller() renderers of ${controller.name}`);
  const parsers = meta.options.parsers === undefined ? outer.parsers : checkParsers(meta.options.parsers, `@Controller() options of ${controller.name}`);
  const hooks = withHooks(outer.hooks, checkParamHooks(meta.options.params, `@Controller() options of ${controller.name}`));
  const where = `@Controller() options of ${controller.name}`;
  const host = withHost(outer.host, meta.options.host === undefined ? null : new HostRule(meta.options.host, where), where);
  const trailingSlash = checkTrailingSlash(meta.options.trailingSlash, `@Controller() options of ${controller.name}`) ?? outer.trailingSlash;
  const scope = { ...entered, use: [...outer.use, ...controllerMiddleware(controller)], renderers, parsers, hooks, host, trailingSlash };
  const routes = routesOf(controller);
  checkUndecoratedHandlers(controller, routes);
  for (const route of routes) {
    if (!keepsRoute(controller, route.handler, scope.facts)) continue;
    const record = makeRecord(controller, route, scope, meta.options.versions, meta.options.versioning);
    out.push(record);
    if (record.name !== null) scope.node.add(record.name, record);
  }
}

/**
 * `@Use()` or a parameter decorator on a method that no route decorator
 * makes a handler would do nothing: a guard that guards nothing, a `@Param`
 * that binds nothing. That is a mistake, named here rather than ignored.
 */
function checkUndecoratedHandlers(controller: Function, routes: readonly RouteMetadata[]): void {
  const handlers = new Set(routes.map((route) => route.handler));
  for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [key, what] of [
      [MetadataKeys.use, '@Use()'],
      [MetadataKeys.params, 'a parameter decorator'],
    ] as const) {
      for (const property of ownPropertiesWith(key, proto)) {
        if (handlers.has(property)) continue;
        const where = `${(proto as { constructor: Function }).constructor.name}.${String(property)}`;
        throw new ImproperlyConfigured(
          `${what} is on ${where}, which has no route decorator, so it would never run. ` +
            `Add @Get(), @Post(), ... to ${where}, or remove the decorator${key === MetadataKeys.use ? ' (to guard every route, put @Use() on the class)' : ''}.`,
        );
      }
    }
  }
}

function makeRecord(
  controller: Function,
  route: RouteMetadata,
  scope: Scope,
  controllerVersions: readonly (string | null)[] | undefined,
  versioning: VersioningScheme | null | undefined,
): RouteRecord {
  const where = `${controller.name}.${String(route.handler)}`;
  // A name given alone has no keys to check and no object to make.
  const options: RouteOptions = typeof route.options === 'string' ? NO_OPTIONS : route.options;
  if (options !== NO_OPTIONS) checkKeys(`route options of ${where}`, options, ROUTE_OPTION_KEYS);
  const method = checkMethod(route.method, where);
  if (!(route.path instanceof RegExp)) checkPrefix(route.path, `@${method}('${route.path}') on ${where}`);
  const name = typeof route.options === 'string' ? route.options : (options.name ?? null);
  if (name !== null) checkName(name, `route name of ${where}`);
  const pattern =
    route.path instanceof RegExp
      ? new RegExpPattern(scope.prefix, route.path, where)
      : compile(scope.trailingSlash === 'optional' ? joinPath(scope.prefix, route.path) : joinDeclared(scope.prefix, route.path), where, scope.params);
  const versions = options.versions ?? controllerVersions ?? null;
  if (versions !== null) checkVersionList(versions, `versions of ${where}`);
  // Taken apart before the literal: a spread in it would leave the properties after it outside the
  // record (a property array of its own for each of a table's routes, 270 KiB at 5,000 routes).
  const hostParams = scope.host === null ? NO_NAMES : scope.host.params;
  const clash = hostParams.find((name) => pattern.has(name));
  if (clash !== undefined) throw new ImproperlyConfigured(`${where}: "${clash}" is a parameter of both its host (${scope.host?.sources.join(', ')}) and its path '${pattern.source}'. Rename one.`);
  const hooks = scope.hooks.length === 0 ? NO_HOOKS : hooksOf(scope.hooks, [...hostParams, ...pattern.params.map((param) => param.name)]);
  const { middleware, guards } = guardsOf(scope.use, routeMiddleware(controller.prototype, route.handler), hooks);
  return {
    method,
    pattern,
    name,
    fullName: name === null ? null : scope.namespaces.length === 0 ? name : scope.namePrefix + name,
    namespace: scope.namespace,
    appNamespace: scope.appNamespace,
    requirements: options.requirements === undefined ? NO_REQUIREMENTS : sharedIfEmpty(compileRequirements(options.requirements, pattern, where, hostParams), NO_REQUIREMENTS),
    versions: versions === null ? null : [...versions],
    versioning,
    controller,
    handler: route.handler,
    bindings: sharedIfEmpty(bindingsOf(controller.prototype, route.handler), NO_BINDINGS),
    middleware,
    guards,
    docs: checkRouteDocs(options, where),
    renderers: options.renderers === undefined ? scope.renderers : checkRenderers(options.renderers, `renderers of ${where}`),
    parsers: options.parsers === undefined ? scope.parsers : checkParsers(options.parsers, `route options of ${where}`),
    host: scope.host,
    trailingSlash: scope.trailingSlash,
  };
}

const ROUTE_OPTION_KEYS = keysOf<RouteOptions>({ name: true, requirements: true, versions: true, responses: true, summary: true, description: true, tags: true, status: true, headers: true, operationId: true, stream: true, renderers: true, parsers: true });
const CONTROLLER_OPTION_KEYS = keysOf<ControllerOptions>({ namespace: true, versioning: true, versions: true, renderers: true, parsers: true, params: true, host: true, trailingSlash: true });
const NO_OPTIONS: RouteOptions = Object.freeze({});

/** One empty value shared by every route that has none: a large table is mostly such routes. */
const NO_REQUIREMENTS: ReadonlyMap<string, RegExp> = new Map();
const NO_BINDINGS: readonly ParamBinding[] = Object.freeze([]);
const NO_MIDDLEWARE: RouteRecord['middleware'] = Object.freeze([]);
const NO_GUARDS: RouteRecord['guards'] = Object.freeze([]);
const NO_HOOKS: readonly GuardEntry[] = Object.freeze([]);

const NO_NAMES: readonly string[] = Object.freeze([]);

/** A route is bound to one `host`: an include's or its controller's, not both (which would it be?). */
function withHost(outer: HostRule | null, own: HostRule | null, where: string): HostRule | null {
  if (own === null) return outer;
  if (outer !== null) throw new ImproperlyConfigured(`${where} sets host ${own.sources.join(', ')} inside an include bound to ${outer.sources.join(', ')}: a route has one host. Set it in one place.`);
  return own;
}

function withHooks(levels: readonly HookLevel[], level: HookLevel | null): readonly HookLevel[] {
  return level === null ? levels : [...levels, level];
}

/**
 * The parameter hooks the route's parameters name, the includes' and controller's `use`, then the
 * route's own: no new lists for the many routes without any.
 */
function guardsOf(outer: readonly GuardEntry[], own: readonly GuardEntry[], hooks: readonly GuardEntry[]): Pick<RouteRecord, 'middleware' | 'guards'> {
  if (hooks.length > 0) return split([...hooks, ...outer, ...own]);
  if (own.length === 0) {
    let shared = outerLists.get(outer);
    if (shared === undefined) outerLists.set(outer, (shared = split(outer)));
    return shared;
  }
  return split([...outer, ...own]);
}

/** One pair of lists per scope's `use`, shared by the routes that add none of their own. */
const outerLists = new WeakMap<readonly GuardEntry[], Pick<RouteRecord, 'middleware' | 'guards'>>();

function split(entries: readonly GuardEntry[]): Pick<RouteRecord, 'middleware' | 'guards'> {
  if (entries.length === 0) return { middleware: NO_MIDDLEWARE, guards: NO_GUARDS };
  const guards = entries.flatMap((entry) => (entry.info === null ? [] : [entry.info]));
  return { middleware: entries.map((entry) => entry.middleware), guards: guards.length === 0 ? NO_GUARDS : guards };
}

function sharedIfEmpty<T extends { readonly length: number } | ReadonlyMap<unknown, unknown>>(value: T, empty: T): T {
  return ('size' in value ? value.size : value.length) === 0 ? empty : value;
}

/** `'/v1/'` + `'/users'` is `'/v1/users'`; a route path of `''` or `'/'` is the prefix itself. */
export function joinPath(prefix: string, path: string): string {
  let base = prefix;
  while (base.endsWith('/')) base = base.slice(0, -1);
  if (path === '' || path === '/') return base || '/';
  return base + path;
}
