import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the project file's published schema comes from: ts-node ships a copy (draft-04, `id`). */
const SCHEMASTORE_ID = 'https://json.schemastore.org/tsconfig';
const SHIPPED_COPY = 'tsconfig.schemastore-schema.json';

export const schemaDir = join(__dirname, '..', '..', 'schema');

export interface Schemas {
  /** Validates a `"ts-node"` block. */
  block: ValidateFunction;
  /** Validates a whole tsconfig.json. */
  project: ValidateFunction;
  /** `null` when a copy of the project file's schema was found; else why `compilerOptions` is only checked to be an object. */
  degraded: string | null;
}

let compiled: Schemas | undefined;

/** The compiled schemas, built once; nothing is fetched over the network. */
export function schemas(): Schemas {
  compiled ??= compile();
  return compiled;
}

function compile(): Schemas {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const { schema: store, degraded } = projectFileSchema();
  ajv.addSchema(store);
  ajv.addSchema(readJson(join(schemaDir, 'ts-node.schema.json')));
  ajv.addSchema(readJson(join(schemaDir, 'tsconfig.schema.json')));
  return {
    block: ajv.getSchema('https://waymark.dev/schema/ts-node.schema.json') as ValidateFunction,
    project: ajv.getSchema('https://waymark.dev/schema/tsconfig.schema.json') as ValidateFunction,
    degraded,
  };
}

/**
 * The copy of SchemaStore's tsconfig schema that an installed ts-node ships,
 * read as draft-07 (its only draft-04 trait is `id`). Without one, a stand-in
 * under the same `$id` checks `compilerOptions` only as an object.
 */
function projectFileSchema(): { schema: object; degraded: string | null } {
  for (const base of [process.cwd(), __dirname]) {
    try {
      // ts-node's `exports` hide the file; its package.json is exported and sits beside it.
      const packageDir = dirname(require.resolve('ts-node/package.json', { paths: [base] }));
      const { id: _id, $schema: _draft, ...rest } = readJson(join(packageDir, SHIPPED_COPY)) as Record<string, unknown>;
      return { schema: { ...rest, $id: SCHEMASTORE_ID }, degraded: null };
    } catch {
      // Try the next place; the stand-in below is the last resort.
    }
  }
  const standIn = { $id: SCHEMASTORE_ID, type: 'object', definitions: { compilerOptionsDefinition: { properties: { compilerOptions: { type: 'object' } } } } };
  return { schema: standIn, degraded: `no copy of ${SCHEMASTORE_ID} is installed (ts-node ships one), so compilerOptions is only checked to be an object` };
}

function readJson(path: string): object {
  return JSON.parse(readFileSync(path, 'utf8'));
}
