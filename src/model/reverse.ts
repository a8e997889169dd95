// The arguments of reversal (`app.url`, `ctx.reverse`, `scheme.reverse`): plain types.

/** A value a caller may put into a URL: only strings and numbers, never `undefined`, `null` or objects. */
export type ParamValue = string | number;
/** A value for a `*wildcard` parameter: a string whose `/` is kept, or its segments. */
export type WildcardValue = ParamValue | readonly ParamValue[];
/** Given parameters: a record (own keys only) or a map. */
export type Values = ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>;

/** Named values, or positional values mapped onto the pattern's parameters in order. */
export type ReverseParams = Readonly<Record<string, WildcardValue>> | readonly WildcardValue[];

export type QueryInput =
  | Readonly<Record<string, string | number | readonly (string | number)[]>>
  | URLSearchParams
  | string;

/** The parts of `ReverseOptions` that follow the path. */
export interface QueryAndFragment {
  query?: QueryInput;
  fragment?: string;
}

export interface ReverseOptions extends QueryAndFragment {
  /** An absolute URL on the app's `origin` (in `ctx.reverse`, always absolute on the request's origin). */
  absolute?: boolean;
  /** The current instance namespace, for application namespaces (`ctx.reverse` uses the matched route's). */
  currentApp?: string;
}
