import { ImproperlyConfigured } from '../errors';
import { checkKeys, keysOf } from '../util/keys';
import { isChange, type VersionChange } from './change';
import type { Schema } from '../model/schema';
import { PayloadConverter } from './payloads';

/** One version of the history and the changes that turned the version below it into this one. */
const ENTRY_KEYS = keysOf<VersionEntry>({ version: true, changes: true });

export interface VersionEntry {
  version: string;
  /** Absent (or empty) for the oldest version, which nothing came before. */
  changes?: readonly VersionChange[];
}

/**
 * The changelog of an API: its versions, newest first, each with the changes
 * that turned the version below it into this one. The head (the first) is
 * what the code says; every older version is derived from it
 * (docs/version-history.md). Pass it as `createApp({ history })`; a scheme
 * whose `allowedVersions` is `null` then allows the history's versions.
 *
 * @example
 * ```ts
 * const Author = { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] };
 * @Controller('/authors')
 * class Authors {
 *   @Get('/', { name: 'list', responses: { 200: { schema: { type: 'array', items: Author } } } }) list() {
 *     return [{ country: 'US' }];
 *   }
 * }
 * const history = new VersionHistory([
 *   { version: '2025', changes: [change({ description: 'nationality is now country', instructions: [field(Author, 'country').had({ name: 'nationality' })] })] },
 *   { version: '2024' },
 * ]);
 * assert.deepEqual(history.versions, ['2025', '2024']);
 * const app = createApp({ routes: [Authors], versioning: new QueryParameterVersioning({ defaultVersion: '2025' }), history });
 * const server = app.listen(0);
 * await new Promise((resolve) => server.once('listening', resolve));
 * const { port } = server.address() as { port: number };
 * const old = await fetch(`http://127.0.0.1:${port}/authors?version=2024`);
 * assert.deepEqual(await old.json(), [{ nationality: 'US' }]);
 * server.close();
 * ```
 */
export class VersionHistory {
  /** The version names, newest first. */
  readonly versions: readonly string[];
  /** `changes[i]` turned `versions[i + 1]` into `versions[i]`; the oldest version's list is empty. */
  readonly changes: readonly (readonly VersionChange[])[];
  #payloads: PayloadConverter | undefined;

  constructor(entries: readonly VersionEntry[]) {
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new ImproperlyConfigured("new VersionHistory() needs a non-empty array of versions, newest first: [{ version: '2025-06', changes: [...] }, ..., { version: '2024-09' }].");
    }
    const versions: string[] = [];
    const changes: VersionChange[][] = [];
    entries.forEach((entry, index) => {
      checkKeys(`VersionHistory entry ${index + 1}`, entry, ENTRY_KEYS);
      const { version, changes: own = [] } = entry;
      if (typeof version !== 'string' || version === '') throw new ImproperlyConfigured(`VersionHistory entry ${index + 1}: version must be a non-empty string, got ${JSON.stringify(version)}.`);
      if (versions.includes(version)) throw new ImproperlyConfigured(`VersionHistory: version '${version}' is listed twice. Each version appears once, newest first; merge the two entries' changes.`);
      if (!Array.isArray(own) || !own.every(isChange)) throw new ImproperlyConfigured(`VersionHistory version '${version}': changes must be an array of change({ ... }) values.`);
      if (index === entries.length - 1 && own.length > 0) {
        throw new ImproperlyConfigured(
          `VersionHistory: the oldest version '${version}' has changes (${own.map((c) => `'${c.description}'`).join(', ')}), but no version came before it for them to change. ` +
            'Move them to the version they introduced, or add the older version below it.',
        );
      }
      checkOneVersion(version, own);
      versions.push(version);
      changes.push([...own]);
    });
    this.versions = Object.freeze(versions);
    this.changes = Object.freeze(changes.map((list) => Object.freeze(list)));
  }

  /**
   * A head value of `schema` (a webhook or event payload, or any value built
   * outside a request) as version `to`'s clients see it: converted through
   * the history's instructions and schema converters as a response of a
   * route would be, then written with that version's schema (a member the
   * version does not declare is left out). Needs no app. A version the
   * history does not list is an `InvalidArgument`.
   *
   * @example
   * ```ts
   * const User = { type: 'object', properties: { id: { type: 'integer' }, displayName: { type: 'string' } } };
   * const history = new VersionHistory([
   *   { version: 'v2', changes: [change({ description: '`name` is `displayName`', instructions: [field(User, 'displayName').had({ name: 'name' })] })] },
   *   { version: 'v1' },
   * ]);
   * const payload = { id: 1, displayName: 'Ada', internal: true };
   * assert.deepEqual(history.convert(User, payload, { to: 'v1' }), { id: 1, name: 'Ada' });
   * assert.deepEqual(history.convert(User, payload, { to: 'v2' }), { id: 1, displayName: 'Ada' });
   * ```
   */
  convert(schema: Schema, value: unknown, options: { to: string }): unknown {
    this.#payloads ??= new PayloadConverter(this);
    return this.#payloads.convert(schema, value, options?.to);
  }

  /** `schema` as version `versions[index]` describes it (`index` 0: the schema itself), for documents of payloads. */
  schemaAt(schema: Schema, index: number): Schema {
    this.#payloads ??= new PayloadConverter(this);
    return this.#payloads.schemaAt(schema, index);
  }
}

/** Two instructions of one version on the same field, or both `existed` and `didNotExist` for one route, cannot both hold. */
function checkOneVersion(version: string, changes: readonly VersionChange[]): void {
  const fields = new Map<Schema, Map<string, string>>();
  const routes = new Map<string, string>();
  for (const { description, instructions } of changes) {
    for (const instruction of instructions) {
      if (instruction.target === 'route') {
        const earlier = routes.get(instruction.name);
        if (earlier !== undefined) {
          throw new ImproperlyConfigured(
            `VersionHistory version '${version}': route('${instruction.name}') is named twice (changes '${earlier}' and '${description}'). ` +
              'A route either did not exist or existed in the older version: keep one instruction.',
          );
        }
        routes.set(instruction.name, description);
        continue;
      }
      let named = fields.get(instruction.schema);
      if (named === undefined) fields.set(instruction.schema, (named = new Map()));
      const earlier = named.get(instruction.field);
      if (earlier !== undefined) {
        throw new ImproperlyConfigured(
          `VersionHistory version '${version}': field '${instruction.field}' of one schema has two instructions (changes '${earlier}' and '${description}'). ` +
            'Give each field one instruction per version: a field renamed and retyped at once is one had({ name, schema }).',
        );
      }
      named.set(instruction.field, description);
    }
  }
}
