import type { ReverseOptions, ReverseParams, WildcardValue } from './reverse';

/**
 * The app's route names and the parameters `app.url` needs for each, for
 * typed reversal (docs/namespaces-and-reversal.md#typed-route-names). Empty
 * here: `npx waymark types <module> --out src/route-names.ts` writes a module
 * that fills it in for your app (import it once, `import type {} from
 * './route-names'`), after which `app.url` accepts only those names, each with
 * its parameters (a typo or a missing parameter is a compile error). While it
 * is empty, a name is any string.
 *
 * @example
 * // src/route-names.ts, as `waymark types` writes it:
 * // export {};
 * // declare module 'waymark' {
 * //   interface RouteNames {
 * //     'users:detail': { id: string | number };
 * //     'users:list': {};
 * //   }
 * //   interface RequestRouteNames {}
 * // }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RouteNames {}

/**
 * What `ctx.reverse` and `scheme.reverse` accept where it differs from
 * `RouteNames`, because the request supplies part of it: under URL-path
 * versioning the version parameter is optional (the request's version fills it
 * in); under namespace versioning a name may leave out its version namespace
 * (`users:detail` for `v1:users:detail`); under a scheme that reverses its own
 * way any parameters go. Every other name takes what it takes in `RouteNames`.
 * Filled in by the same generated module.
 *
 * @example
 * // Beside RouteNames' `'v1:users:detail': { id: string | number }`:
 * // interface RequestRouteNames {
 * //   'users:detail': { id: string | number };
 * // }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RequestRouteNames {}

/** Whether `RouteNames` has been filled in by a generated file. */
type Typed = [keyof RouteNames] extends [never] ? false : true;

/** A name `app.url` accepts: a key of `RouteNames`, or any string while it is empty. */
export type RouteName = Typed extends true ? Extract<keyof RouteNames, string> : string;

/** A name `ctx.reverse` and `scheme.reverse` accept: a key of either interface, or any string while they are empty. */
export type RequestRouteName = Typed extends true ? Extract<keyof RouteNames | keyof RequestRouteNames, string> : string;

/**
 * The named parameters `app.url` needs for `name`: its member of `RouteNames`;
 * any parameters while it is empty, or for a name it lacks (so that the
 * compiler blames the name).
 */
export type RouteParams<N extends string> = N extends keyof RouteNames ? RouteNames[N] : ReverseParams;

/** The named parameters `ctx.reverse` needs for `name`: its member of `RequestRouteNames`, else of `RouteNames`. */
export type RequestRouteParams<N extends string> = N extends keyof RequestRouteNames ? RequestRouteNames[N] : RouteParams<N>;

/**
 * Parameters typed `P` (named, or positional values in the pattern's order)
 * and options `O`. The parameters may be left out only when `P` requires none.
 */
type ArgsOf<P, O> = Typed extends true
  ? {} extends P
    ? [params?: P | readonly WildcardValue[], options?: O]
    : [params: P | readonly WildcardValue[], options?: O]
  : [params?: ReverseParams, options?: O];

/** The arguments of `app.url` after the name: parameters and options. */
export type ReverseArgs<N extends string, O = ReverseOptions> = ArgsOf<RouteParams<N>, O>;

/** The arguments of `ctx.reverse` and `scheme.reverse` after the name: what the request supplies may be left out. */
export type RequestReverseArgs<N extends string, O = ReverseOptions> = ArgsOf<RequestRouteParams<N>, O>;
