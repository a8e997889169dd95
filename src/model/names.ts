import type { ReverseOptions, ReverseParams, WildcardValue } from './reverse';

/**
 * The app's route names and their parameters, for typed reversal
 * (docs/namespaces-and-reversal.md#typed-route-names). Empty here: `npx waymark types <module> --out src/route-names.d.ts`
 * writes a file that fills it in for your app, after which `app.url`,
 * `ctx.reverse` and `scheme.reverse` accept only those names, each with its
 * parameters (a typo or a missing parameter is a compile error). While it is
 * empty, a name is any string.
 *
 * @example
 * // src/route-names.d.ts, as `waymark types` writes it:
 * // export {};
 * // declare module 'waymark' {
 * //   interface RouteNames {
 * //     'users:detail': { id: string | number };
 * //     'users:list': {};
 * //   }
 * // }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface RouteNames {}

/** Whether `RouteNames` has been filled in by a generated file. */
type Typed = [keyof RouteNames] extends [never] ? false : true;

/** A name `app.url` accepts: a key of `RouteNames`, or any string while it is empty. */
export type RouteName = Typed extends true ? Extract<keyof RouteNames, string> : string;

/**
 * The named parameters of `name`: its member of `RouteNames`; any parameters
 * while it is empty, or for a name it lacks (so that the compiler blames the name).
 */
export type RouteParams<N extends string> = N extends keyof RouteNames ? RouteNames[N] : ReverseParams;

/**
 * The arguments after the name: parameters (named, or positional values in
 * the pattern's order) and options. The parameters may be left out only when
 * the route has none that are required.
 */
export type ReverseArgs<N extends string, O = ReverseOptions> = Typed extends true
  ? {} extends RouteParams<N>
    ? [params?: RouteParams<N> | readonly WildcardValue[], options?: O]
    : [params: RouteParams<N> | readonly WildcardValue[], options?: O]
  : [params?: ReverseParams, options?: O];
