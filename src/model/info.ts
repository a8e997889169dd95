import type { RouteDocs, TrailingSlash } from './options';
import type { PatternParam } from './route';
import type { VersioningScheme } from './scheme';

/**
 * One route of an app as `app.routes` lists it: plain data, frozen, for
 * tools that read an app's routes (the CLI, `waymark types`, client
 * generators) without reaching into the app.
 */
export interface RouteInfo {
  /** The full name (`'v1:users:detail'`), `null` for an unnamed route. */
  readonly name: string | null;
  /** Every name reversal accepts for the route: its full name, and the ones through application namespaces (`'polls:index'`). */
  readonly names: readonly string[];
  /** The method it was declared with: `'GET'`, `'POST'`, ..., or `'ALL'` for `@All`. */
  readonly method: string;
  /** The request methods it answers: `['HEAD', 'GET']` for `@Get`, every method for `@All`. */
  readonly methods: readonly string[];
  /** The full path pattern (`'/v1/users/:id'`). */
  readonly pattern: string;
  /** Its instance namespaces joined by `:` (`'v1:users'`), `''` when none. */
  readonly namespace: string;
  /** Its application namespaces joined by `:`, `''` when none. */
  readonly appNamespace: string;
  /** The versions it serves; `null` serves every version. */
  readonly versions: readonly (string | null)[] | null;
  /** The scheme that determines its requests' version (the app's, or its controller's); `null` when unversioned. */
  readonly versioning: VersioningScheme | null;
  /** Its path parameters in order: `wildcard` for `*name`, `optional` inside `{...}`. */
  readonly parameters: readonly PatternParam[];
  /** Each parameter's requirement as written (`{ id: '\\d+' }`). */
  readonly requirements: Readonly<Record<string, string>>;
  /** `Controller.method`. */
  readonly handler: string;
  /** What it says about itself for `app.openapi()`. */
  readonly docs: RouteDocs;
  /** The earlier route that takes its requests (every version it serves, or those listed), `null` when none does. */
  readonly shadowedBy: { readonly route: string; readonly versions: readonly (string | null)[] | null } | null;
  /** The media types of its renderers (its own, its controller's or its include's), `null` when it renders with the app's. */
  readonly renderers: readonly string[] | null;
  /** The media types of its body parsers, likewise; `null` when it parses with the app's. */
  readonly parsers: readonly string[] | null;
  /** The hosts it is bound to (docs/coming-from-koa-router.md#hosts): each pattern (a RegExp as `/source/flags`) and the host parameters; `null` for every host. */
  readonly host: { readonly patterns: readonly string[]; readonly parameters: readonly string[] } | null;
  /** For a RegExp path (docs/regexp-paths.md): its expression as written, its groups (a name, or `null` for an unnamed one) and why reversal cannot fill it (`null`: it can); `null` for a pattern. */
  readonly regexp: RouteRegExpInfo | null;
  /** Whether a trailing `/` matters on it (docs/trailing-slash.md). */
  readonly trailingSlash: TrailingSlash;
  /** The other paths whose routes have its full name for versions it serves too (reversal reaches only one of them), `null` when none. */
  readonly sharesNameWith: readonly string[] | null;
}

/** `RouteInfo.regexp`: what a RegExp path is made of. */
export interface RouteRegExpInfo {
  /** The expression's source and flags, as written. */
  readonly source: string;
  readonly flags: string;
  /** The pattern of its includes' and controller's prefixes, `''` when none. */
  readonly prefix: string;
  /** Each capturing group in order: its name, `null` when unnamed (`ctx.captures` only). */
  readonly groups: readonly (string | null)[];
  /** Why reversal (and the documents) cannot describe it, `null` when they can. */
  readonly irreversible: string | null;
}
