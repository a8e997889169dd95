/** One warning of the catalogue, under its stable code (`WMWRN` and three digits, numbered in order as Fastify numbers its `FSTWRN` ones). */
export interface WarningEntry {
  /** What it is about, in a word or two. */
  readonly title: string;
  /** The English template, with `{name}` placeholders filled from the warning's params. */
  readonly message: string;
  /** The page that says what it means and how to silence it by fixing the cause. */
  readonly docs: string;
}

/**
 * Every warning waymark emits, by code (the pattern of Fastify's
 * `lib/warnings.js`, beside the error catalogue): a warning is something
 * that works but is probably a mistake, sent as a process warning of type
 * `WaymarkWarning` with its `code`, so `process.on('warning')` and
 * `node --no-warnings` treat it as Node's own. Tests assert on `code`.
 *
 * Adding one is one entry here, under the next code:
 * `WMWRN00N: { title: 'what it is about', message: '...{name}...', docs: 'docs/<page>.md#<anchor>' },`
 *
 * @example
 * assert.equal(WarningCatalogue.WMWRN001.title, 'shared route name');
 * const seen: string[] = [];
 * const listener = (warning: Error & { code?: string }) => seen.push(`${warning.name} ${warning.code}`);
 * process.on('warning', listener);
 * @Controller('/a')
 * class A {
 *   @Get('/x', 'same') x() {}
 *   @Get('/y', 'same') y() {}
 * }
 * createApp({ routes: [A] });
 * await new Promise((resolve) => setImmediate(resolve));
 * process.off('warning', listener);
 * assert.deepEqual(seen, ['WaymarkWarning WMWRN001']);
 */
export const WarningCatalogue = {
  /** One route name on routes with different paths for the same versions: reversal reaches only one. */
  WMWRN001: {
    title: 'shared route name',
    message: "The route name '{name}' is on routes with different paths ({paths}) for the same versions; reversal reaches only one of them. Give each its own name, or disjoint versions.",
    docs: 'docs/security.md',
  },
  /** A route that an earlier one hides entirely: it can never match (`/articles/:slug` before `/articles/feed`). */
  WMWRN002: {
    title: 'route that can never match',
    message:
      'The route {route} can never match: {by}, declared before it, takes every request it would answer (routes match in the order they are declared). ' +
      'Declare it before that route, or give the earlier route a requirement that excludes its path.',
    docs: 'docs/namespaces-and-reversal.md#routes-that-can-never-match',
  },
  /** `checkContract`: an operation with path parameters that answered 404 to every valid request, its ids made up and none learnt. */
  WMWRN003: {
    title: 'operation never reached by the contract check',
    message:
      'checkContract: {routes} answered 404 to every valid request: the ids were made up and no list or create operation gave known ones. ' +
      'Give it a list route (name-list) or a create route (name-create) that returns its ids, or check it with ids of your own.',
    docs: 'docs/testing.md#the-2xx-floor',
  },
  /** A route for a method OpenAPI 3.1 has no place for (`PURGE`, `QUERY`): its documents leave it out. */
  WMWRN004: {
    title: 'method OpenAPI 3.1 cannot describe',
    message: 'The route {route} answers {method}, which an OpenAPI 3.1 path item cannot hold (only GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH and TRACE); its documents leave the operation out.',
    docs: 'docs/methods.md#in-the-documents',
  },
  /** A RegExp route that is not literals and named groups: no template describes it, so its documents leave it out. */
  WMWRN005: {
    title: 'RegExp route without a template',
    message: 'The route {route} has the RegExp path {path}, which is not literals and named groups ({reason}): no path template describes it, so its documents leave it out.',
    docs: 'docs/regexp-paths.md#in-the-documents-and-tools',
  },
} as const satisfies Readonly<Record<string, WarningEntry>>;

export type WarningCode = keyof typeof WarningCatalogue;

/** The `name` of every warning waymark emits (the `type` of `process.emitWarning`). */
export const WARNING_TYPE = 'WaymarkWarning';

/** The warning's message, its placeholders filled from `params` (a placeholder without a param is left as written). */
export function warningMessage(code: WarningCode, params: Readonly<Record<string, string>>): string {
  return WarningCatalogue[code].message.replace(/\{(\w+)\}/g, (slot, key: string) => (Object.hasOwn(params, key) ? params[key] : slot));
}

/**
 * Emits the warning as a process warning, once for each `seen` (an app's
 * set: two apps each warn, one app never says the same thing twice), and
 * returns whether it was emitted.
 */
export function emitWaymarkWarning(code: WarningCode, params: Readonly<Record<string, string>>, seen: Set<string>): boolean {
  const message = warningMessage(code, params);
  const key = `${code} ${message}`;
  if (seen.has(key)) return false;
  seen.add(key);
  process.emitWarning(message, { type: WARNING_TYPE, code });
  return true;
}
