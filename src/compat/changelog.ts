import type { OpenApiDocument } from '../openapi/document';
import type { OpenApiOptions } from '../openapi/options';
import { changelogOf, type ChangelogEntry, type ChangelogVersion } from '../history/changelog';
import type { VersionHistory } from '../history/history';
import { compareDocuments } from './compare';
import { RULES, type Change } from './rules';
import type { Json } from './schema';

/** What a changelog reads of an app: its history and its documents. */
export interface ChangelogSource {
  readonly history: VersionHistory | null;
  /** `null` for an app without a versioning scheme (one that serves a single version: `serve`), which has one document only. */
  readonly versioningInfo?: unknown;
  openapi(options?: OpenApiOptions): OpenApiDocument;
}

/** One version of the changelog, with what the compatibility rules say of moving up to it from the version below. */
export interface VersionNotes extends ChangelogVersion {
  /** The changes between the version below's document and this one's (`null` for the oldest). */
  readonly compatibility: { readonly breaking: number; readonly changes: readonly Change[] } | null;
}

/**
 * The app's changelog, newest version first (docs/version-history.md#the-changelog):
 * the history's changes as data, and per version the compatibility rules'
 * verdict on its document against the one below it (docs/compatibility.md).
 * An app without a history has none (`[]`); one that serves a single
 * version without a scheme (`serve`) has no document per version, so its
 * entries carry no verdict (`compatibility: null`).
 *
 * @example
 * ```ts
 * const User = { title: 'User', type: 'object', properties: { displayName: { type: 'string' } } };
 * @Controller('/users')
 * class Users {
 *   @Get('/', { name: 'users', responses: { 200: { schema: User } } }) list() { return { displayName: 'Ada' }; }
 * }
 * const history = new VersionHistory([
 *   { version: '2', changes: [change({ description: '`name` is `displayName`', instructions: [field(User, 'displayName').had({ name: 'name' })] })] },
 *   { version: '1' },
 * ]);
 * const [two, one] = changelog(createApp({ routes: [Users], versioning: new QueryParameterVersioning({ defaultVersion: '2' }), history }));
 * assert.deepEqual(two.changes[0].entries, [{ kind: 'field-renamed', schema: 'User', field: 'displayName', from: 'name' }]);
 * assert.deepEqual(two.compatibility?.changes.map((c) => c.rule), ['response-property-removed', 'response-property-added']);
 * assert.equal(one.compatibility, null);
 * ```
 */
export function changelog(app: ChangelogSource): VersionNotes[] {
  const history = app.history;
  if (history === null) return [];
  const versioned = app.versioningInfo !== null;
  const documents = versioned ? history.versions.map((version) => normalized(app.openapi({ version }) as unknown as Json, version)) : [];
  return changelogOf(history).map((entry, index) => {
    const older = documents[index + 1];
    if (older === undefined) return { ...entry, compatibility: null };
    const changes = compareDocuments(older, documents[index]);
    return { ...entry, compatibility: { breaking: changes.filter((change) => change.breaking).length, changes } };
  });
}

/**
 * A version's document with the version itself left out, wherever its
 * scheme carries it: path segments (`/v2/users` → `/users`), the query or
 * header parameter that names it, and the media types' `version` parameter.
 * Two versions' operations are then matched as one, and the changelog reads
 * the same under every scheme.
 */
function normalized(document: Json, version: string): Json {
  const carrier = (document['x-waymark-versioning'] ?? {}) as { query?: string; header?: string };
  const path = (key: string) => key.split('/').filter((part) => part !== version).join('/') || '/';
  const paths = Object.fromEntries(Object.entries((document.paths ?? {}) as Record<string, Json>).map(([key, item]) => [path(key), withoutVersion(item, version, carrier)]));
  return { ...document, paths, servers: [] };
}

function withoutVersion(node: unknown, version: string, carrier: { query?: string; header?: string }): unknown {
  if (Array.isArray(node)) {
    const kept = node.filter((child) => !isCarrier(child, carrier));
    return kept.map((child) => withoutVersion(child, version, carrier));
  }
  if (typeof node !== 'object' || node === null) return node;
  const parameter = new RegExp(`;\\s*version=${escape(version)}(?=;|$)`);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key.replace(parameter, ''), withoutVersion(value, version, carrier)]));
}

/** The parameter that carries the version under the query-parameter or a header scheme. */
function isCarrier(node: unknown, { query, header }: { query?: string; header?: string }): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const { in: where, name } = node as { in?: unknown; name?: unknown };
  return (where === 'query' && name === query) || (where === 'header' && typeof name === 'string' && name.toLowerCase() === header?.toLowerCase());
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The changelog as Markdown: a section a version, newest first, its changes,
 * then the compatibility rules' verdict (what `waymark changelog` prints).
 *
 * @example
 * ```ts
 * const text = renderChangelog([{ version: '1', changes: [], compatibility: null }]);
 * assert.equal(text, '# Changelog\n\n## 1\n\nThe first version.\n');
 * ```
 */
export function renderChangelog(notes: readonly VersionNotes[], title = 'Changelog'): string {
  const lines = [`# ${title}`, ''];
  for (const { version, changes, compatibility } of notes) {
    lines.push(`## ${version}`, '');
    if (changes.length === 0) lines.push(compatibility === null ? 'The first version.' : 'No declared change.', '');
    for (const { description, entries } of changes) {
      lines.push(`- ${description}`);
      for (const entry of entries) lines.push(`  - ${describeEntry(entry)}`);
    }
    if (changes.length > 0) lines.push('');
    if (compatibility !== null) {
      const compatible = compatibility.changes.length - compatibility.breaking;
      lines.push(`Compared with the version below: ${compatibility.breaking} breaking, ${compatible} compatible.`, '');
      for (const change of compatibility.changes) lines.push(`- ${change.breaking ? '**breaking**' : 'compatible'} \`${change.rule}\` at ${change.at}: ${RULES[change.rule].says}`);
      if (compatibility.changes.length > 0) lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function describeEntry(entry: ChangelogEntry): string {
  switch (entry.kind) {
    case 'field-added':
      return `\`${entry.schema}\`: field \`${entry.field}\` added`;
    case 'field-removed':
      return `\`${entry.schema}\`: field \`${entry.field}\` removed`;
    case 'field-renamed':
      return `\`${entry.schema}\`: field \`${entry.from}\` renamed to \`${entry.field}\``;
    case 'field-retyped':
      return `\`${entry.schema}\`: field \`${entry.field}\` retyped (was \`${JSON.stringify(entry.from)}\`)`;
    case 'field-requirement-changed':
      return `\`${entry.schema}\`: field \`${entry.field}\` ${entry.required ? 'now required' : 'now optional'}`;
    case 'route-added':
      return `route \`${entry.route}\` added`;
    case 'route-removed':
      return `route \`${entry.route}\` removed`;
  }
}
