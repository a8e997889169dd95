import { ImproperlyConfigured } from '../errors';
import type { DocumentedResponse } from '../model/options';
import type { RouteRecord, RouteTable } from '../model/route';
import type { Schema } from '../model/schema';
import type { VersioningScheme } from '../model/scheme';
import { ChangeRules } from './convert';
import { SchemaVersions } from './derive';
import { VersionHistory } from './history';
import { historyName, routeLifespans, versionsWithin } from './routes';
import { checkUses } from './uses';

/**
 * One app's view of its version history, made when the app is built: the
 * derived schemas of every version, each change compiled for conversion, and
 * each route as an older version's clients see it. Nothing here is shared
 * with another app built from the same history.
 */
export class AppHistory {
  readonly versions: readonly string[];
  readonly schemas: SchemaVersions;
  /** Per version index `j`, the changes that turned `versions[j + 1]` into `versions[j]`, compiled. */
  readonly rules: readonly (readonly ChangeRules[])[];
  /** The history the app was given (its changelog: docs/version-history.md#the-changelog). */
  readonly source: VersionHistory;
  /** `AppOptions.serve`: the version a request without one is (`null`: the head). */
  readonly served: string | null;
  private readonly index = new Map<string, number>();
  private readonly derived = new Map<RouteRecord, RouteRecord[]>();

  /** `payloads`: schemas the app sends outside requests (`openapi.webhooks`), which count as used. */
  constructor(history: VersionHistory, table: RouteTable, { served = null, payloads = [] }: { served?: string | null; payloads?: readonly Schema[] } = {}) {
    this.source = history;
    this.served = served;
    this.versions = history.versions;
    history.versions.forEach((version, i) => this.index.set(version, i));
    this.schemas = new SchemaVersions(history);
    this.rules = history.changes.map((changes) => changes.map((change) => new ChangeRules(change)));
    const lifespans = routeLifespans(history, table.routes);
    for (const route of table.routes) {
      const name = historyName(route, history.versions);
      const alive = name === null ? undefined : lifespans.get(name);
      // The table was built for this app alone a moment ago: its records take the history's word on when they exist.
      if (alive !== undefined) (route as { versions: RouteRecord['versions'] }).versions = versionsWithin(route, alive, served ?? history.versions[0]);
    }
    checkUses(history, table.routes, this.schemas, payloads);
    // Deriving every route's schemas for every version now throws each misdeclared field at build, not on a request.
    for (const route of table.routes) for (let i = 1; i < this.versions.length; i++) this.routeAt(route, i);
  }

  /** The version's index (0: the head); -1 for versions the history does not list, which are served as the head, and for `null` (the served version's in an app that pins one). */
  indexOf(version: string | null): number {
    if (version === null) return this.served === null ? -1 : (this.index.get(this.served) ?? -1);
    return this.index.get(version) ?? -1;
  }

  /**
   * `route` as clients of `versions[index]` see it: its parameter and body
   * schemas and its response schemas derived for that version. The route
   * itself when the history changes none of them.
   */
  routeAt(route: RouteRecord, index: number): RouteRecord {
    if (index <= 0) return route;
    let list = this.derived.get(route);
    if (list === undefined) this.derived.set(route, (list = []));
    const known = list[index];
    if (known !== undefined) return known;
    let changed = false;
    const bindings = route.bindings.map((binding) => {
      if (binding.options.schema === undefined) return binding;
      const schema = this.schemas.at(binding.options.schema, index, 'input');
      if (schema === binding.options.schema) return binding;
      changed = true;
      return { ...binding, options: { ...binding.options, schema } };
    });
    let responses: Record<string, DocumentedResponse> | undefined;
    for (const [status, response] of Object.entries(route.docs.responses ?? {})) {
      const schema = response.schema === undefined ? undefined : this.schemas.at(response.schema, index, 'output');
      // A stream's items are derived as a body is (docs/streams.md#versions).
      const items = response.items === undefined ? undefined : this.schemas.at(response.items, index, 'output');
      if (schema !== response.schema || items !== response.items) changed = true;
      (responses ??= {})[status] = schema === response.schema && items === response.items ? response : { ...response, ...(schema === undefined ? {} : { schema }), ...(items === undefined ? {} : { items }) };
    }
    const result = changed ? { ...route, bindings, docs: { ...route.docs, responses } } : route;
    list[index] = result;
    return result;
  }

  /** The name `route(...)` instructions and route converters give `route` (its version namespace left out). */
  nameOf(route: RouteRecord): string | null {
    return historyName(route, this.versions);
  }

  /** Whether any version converts or derives something for `route`: a route the history leaves alone keeps today's plan. */
  touches(route: RouteRecord): boolean {
    for (let i = 1; i < this.versions.length; i++) if (this.routeAt(route, i) !== route) return true;
    const roots = schemaRoots(route);
    for (const changes of this.rules) {
      for (const rules of changes) {
        const name = this.nameOf(route);
        if (name !== null && (rules.routeRequests.has(name) || rules.routeResponses.has(name))) return true;
        if (roots.some((root) => reaches(root, (node) => rules.bySchema.has(node)))) return true;
      }
    }
    return false;
  }
}

/**
 * The scheme the app uses with a history: one whose `allowedVersions` is
 * `null` allows the history's versions (a view of the caller's scheme: the
 * object passed in is left as it is); one that lists its own must list the
 * same versions.
 */
export function schemeWithHistory(scheme: VersioningScheme | null, history: VersionHistory): VersioningScheme | null {
  if (scheme === null) throw new ImproperlyConfigured('createApp() option history needs a versioning scheme to tell versions apart: add versioning: new URLPathVersioning({ ... }) (or another scheme).');
  if (scheme.allowedVersions === null || scheme.allowedVersions.length === 0) {
    return Object.create(scheme, { allowedVersions: { value: Object.freeze([...history.versions]), enumerable: true } }) as VersioningScheme;
  }
  const listed = scheme.allowedVersions.filter((version): version is string => version !== null);
  const missing = history.versions.filter((version) => !listed.includes(version));
  const extra = listed.filter((version) => !history.versions.includes(version));
  if (missing.length > 0 || extra.length > 0) {
    throw new ImproperlyConfigured(
      `The versioning scheme's allowedVersions differ from the history's versions (${[...missing.map((v) => `'${v}' only in the history`), ...extra.map((v) => `'${v}' only in allowedVersions`)].join(', ')}). ` +
        'Pass allowedVersions: history.versions, or leave allowedVersions out: the scheme then takes the history\'s.',
    );
  }
  return scheme;
}

/** The schema values a route reads or answers directly. */
export function schemaRoots(route: RouteRecord): Schema[] {
  const roots: Schema[] = [];
  for (const binding of route.bindings) if (binding.options.schema !== undefined) roots.push(binding.options.schema);
  for (const response of Object.values(route.docs.responses ?? {})) {
    if (response.schema !== undefined) roots.push(response.schema);
    if (response.items !== undefined) roots.push(response.items);
  }
  return roots;
}

/** Whether `found` holds for `root` or any object nested in it. */
export function reaches(root: unknown, found: (node: unknown) => boolean, seen = new Set<unknown>()): boolean {
  if (typeof root !== 'object' || root === null || seen.has(root)) return false;
  seen.add(root);
  if (found(root)) return true;
  const children = Array.isArray(root) ? root : Object.values(root);
  return children.some((child) => reaches(child, found, seen));
}
