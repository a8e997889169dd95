import type { JSONSchema } from '../model/schema';
import { describeSchema } from '../schema/document';
import type { Changelog } from './change';
import { nameOf } from './derive';
import type { FieldInstruction, Instruction } from './instructions';

/**
 * One instruction of the history as a reader of the changelog sees it: what
 * the version *did*, read upwards (an instruction says how the older version
 * differed, so `field(S, 'f').didNotExist` is `f` added by the newer one).
 */
export type ChangelogEntry =
  | { readonly kind: 'field-added' | 'field-removed'; readonly schema: string; readonly field: string }
  | { readonly kind: 'field-renamed'; readonly schema: string; readonly field: string; readonly from: string }
  | { readonly kind: 'field-retyped'; readonly schema: string; readonly field: string; readonly from: JSONSchema }
  | { readonly kind: 'field-requirement-changed'; readonly schema: string; readonly field: string; readonly required: boolean }
  | { readonly kind: 'route-added' | 'route-removed'; readonly route: string };

/** One version of the changelog: each change's description and its instructions, typed. */
export interface ChangelogVersion {
  readonly version: string;
  readonly changes: readonly { readonly description: string; readonly entries: readonly ChangelogEntry[] }[];
}

/**
 * The history as data, newest version first (docs/version-history.md#the-changelog):
 * per version, the changes that made it from the one below, each with its
 * description and its instructions in typed form. The oldest version has none.
 *
 * @example
 * ```ts
 * const Author = { title: 'Author', type: 'object', properties: { country: { type: 'string' } } };
 * const history = new VersionHistory([
 *   { version: '2025', changes: [change({ description: 'nationality is now country', instructions: [field(Author, 'country').had({ name: 'nationality' })] })] },
 *   { version: '2024' },
 * ]);
 * assert.deepEqual(changelogOf(history)[0].changes[0].entries, [{ kind: 'field-renamed', schema: 'Author', field: 'country', from: 'nationality' }]);
 * ```
 */
export function changelogOf(history: Changelog): ChangelogVersion[] {
  return history.versions.map((version, index) => ({
    version,
    changes: (history.changes[index] ?? []).map(({ description, instructions }) => ({ description, entries: instructions.flatMap(entriesOf) })),
  }));
}

function entriesOf(instruction: Instruction): ChangelogEntry[] {
  if (instruction.target === 'route') return [{ kind: instruction.kind === 'didNotExist' ? 'route-added' : 'route-removed', route: instruction.name }];
  return fieldEntries(instruction);
}

function fieldEntries({ schema: target, field, change }: FieldInstruction): ChangelogEntry[] {
  const schema = nameOf(target);
  if (change.kind === 'didNotExist') return [{ kind: 'field-added', schema, field }];
  if (change.kind === 'existed') return [{ kind: 'field-removed', schema, field }];
  const entries: ChangelogEntry[] = [];
  if (change.name !== undefined && change.name !== field) entries.push({ kind: 'field-renamed', schema, field, from: change.name });
  if (change.schema !== undefined) entries.push({ kind: 'field-retyped', schema, field, from: plain(describeSchema(change.schema, 'output').schema ?? {}) });
  if (change.required !== undefined) entries.push({ kind: 'field-requirement-changed', schema, field, required: !change.required });
  return entries;
}

/** A schema as JSON data (a TypeBox value's symbol keys left out), so that the changelog prints and compares as data. */
function plain(schema: JSONSchema): JSONSchema {
  return JSON.parse(JSON.stringify(schema)) as JSONSchema;
}
