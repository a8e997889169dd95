/**
 * The object that holds a request's route parameters: no inherited keys (its
 * prototype is an empty object with none, so `'constructor' in params` is
 * false), as with `Object.create(null)`, but in V8's fast mode, which
 * `Object.create(null)` never is: 22–48 bytes with up to three parameters
 * against 184, for every request and every open stream
 * (docs/performance.md#the-open-targets). Node's `querystring` makes its
 * results the same way.
 */
function Params(): void {}
Params.prototype = Object.create(null) as object;

/** An empty parameters object, to fill. */
export function newParams(): Record<string, string> {
  return new (Params as unknown as new () => Record<string, string>)();
}
