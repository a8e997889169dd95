import type { Middleware } from 'koa';
import type { Token } from 'path-to-regexp';
import type { GuardInfo } from './guard';
import type { Parser } from './parser';
import type { RouteDocs, TrailingSlash } from './options';
import type { Renderer } from './renderer';
import type { ParamBinding } from './params';
import type { Values } from './reverse';
import type { VersioningScheme } from './scheme';

/** One parameter of a pattern, in the order it appears. */
export interface PatternParam {
  name: string;
  wildcard: boolean;
  /** Inside an optional group. */
  optional: boolean;
}

/** A route's path pattern (path-to-regexp 8 syntax), checked when it was made; `CompiledPattern` in table/ implements it. */
export interface RoutePattern {
  /** The pattern as declared. */
  readonly source: string;
  /** Parameters in the order they appear (positional reversal maps onto this). */
  readonly params: readonly PatternParam[];
  /** The pattern as matched and reversed, parsed (non-ASCII static text percent-encoded). */
  readonly tokens: Token[];
  /** `tokens` as a pattern string (`/caf%C3%A9/:id`). */
  readonly matchSource: string;
  has(name: string): boolean;
  isWildcard(name: string): boolean;
  /** The path for `values`, or `null` when they do not fit. */
  build(values: Values): string | null;
  /** For a RegExp path (docs/regexp-paths.md): how it matches and reverses; `null` for a path pattern. */
  readonly regexp: RegExpPath | null;
}

/** A route path given as a RegExp: the expression, matched after its prefixes' pattern. */
export interface RegExpPath {
  /** The pattern of its includes' and controller's prefixes (`''` when none), matched segment by segment as any pattern is. */
  readonly prefix: string;
  /** `prefix`, parsed. */
  readonly prefixTokens: Token[];
  /** The expression, on the linear engine, run on the rest of the path from its `/` (`exec`, as written: anchor it with `^` and `$`). */
  readonly expression: RegExp;
  /** Each capturing group in order: its name (a parameter), or `null` for an unnamed one (`ctx.captures` only). */
  readonly groups: readonly (string | null)[];
  /** Why reversal cannot fill it (it is not literals and named groups), `null` when it can. */
  readonly irreversible: string | null;
}

/**
 * The hosts a route is bound to (`host` of `include()` and `@Controller()`): label patterns in the
 * path syntax (`':tenant.example.com'`) and linear-engine RegExps, tried in order; `HostRule` in table/ implements it.
 */
export interface RouteHost {
  /** Each alternative as written: a pattern, or a RegExp as `/source/flags`. */
  readonly sources: readonly string[];
  /** The host parameters, in the order they appear (joined to the route's own). */
  readonly params: readonly string[];
  /** The parameters `hostname` (lower-case, without port) gives, or `null` when it is not one of the hosts. */
  match(hostname: string): Record<string, string> | null;
  /** The host name for `values`; `current` (the request's) when only a RegExp alternative takes them; `null` when none fits. */
  build(values: Readonly<Record<string, unknown>>, current?: string): string | null;
}

/** One route of the table: plain data, usable without Koa. */
export interface RouteRecord {
  /** `GET`, `POST`, ... or `ALL`. */
  readonly method: string;
  readonly pattern: RoutePattern;
  /** The route's own name, `null` when it has none. */
  readonly name: string | null;
  /** Namespaces and name joined by `:` (`v1:users:detail`), `null` when unnamed. */
  readonly fullName: string | null;
  /** Instance namespaces, outermost first, joined by `:`; `''` when none. */
  readonly namespace: string;
  /** Application namespaces, outermost first, joined by `:`; `''` when none. */
  readonly appNamespace: string;
  readonly requirements: ReadonlyMap<string, RegExp>;
  /** Versions the route serves; `null` serves every version. */
  readonly versions: readonly (string | null)[] | null;
  /** The controller's scheme override; `undefined` means the app's scheme. */
  readonly versioning: VersioningScheme | null | undefined;
  readonly controller: Function;
  readonly handler: string | symbol;
  readonly bindings: readonly ParamBinding[];
  /** Route middleware, outermost first: the parameter hooks its parameters name, the includes' `use`, the controller's `@Use`, the route's `@Use`. */
  readonly middleware: readonly Middleware[];
  /** What the described guards and parameter hooks among `middleware` answer (docs/guards-and-injection.md), in the same order. */
  readonly guards: readonly GuardInfo[];
  /** What the route says about itself for `app.openapi()`. */
  readonly docs: RouteDocs;
  /** The route's renderers: its own, else its controller's, else its innermost include's; `null` means the app's. */
  readonly renderers: readonly Renderer[] | null;
  /** The body parsers of the route, its controller or its includes (the innermost that sets them); `null`: the app's. */
  readonly parsers: readonly Parser[] | null;
  /** The hosts it serves (docs/coming-from-koa-router.md#hosts); absent or `null`: every host. */
  readonly host?: RouteHost | null;
  /** Whether a trailing `/` matters: its controller's, else its innermost include's, else the app's (docs/trailing-slash.md). */
  readonly trailingSlash: TrailingSlash;
}

/** One level of the namespace tree that reversal walks; `NamespaceNode` in table/ implements it. */
export interface NamespaceLevel {
  /** Instance namespaces below this level. */
  readonly children: ReadonlyMap<string, NamespaceLevel>;
  /** Application namespace → its instance namespaces, the last mounted first. */
  readonly apps: ReadonlyMap<string, readonly string[]>;
  /** The routes named `name` at this level, in registration order. */
  routesNamed(name: string): RouteRecord[] | undefined;
  /** Each name at this level with its routes. */
  entries(): IterableIterator<[string, readonly RouteRecord[]]>;
  /** The routes of each name this level has more than once, in registration order. */
  sharedNames(): readonly (readonly RouteRecord[])[];
}

export interface RouteTable {
  /** Every route in registration order. */
  readonly routes: readonly RouteRecord[];
  /** The root of the namespace tree that reversal walks. */
  readonly root: NamespaceLevel;
}
