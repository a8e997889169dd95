import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../util/package-root';

export interface Schemas {
  /** Validates a `"ts-node"` block. */
  block: ValidateFunction;
  /** Validates a whole tsconfig.json. */
  project: ValidateFunction;
}

let compiled: Schemas | undefined;

/**
 * The compiled schemas, built once. Both files are self-contained: the
 * project file's schema is generated from TypeScript's option declarations
 * (scripts/gen-tsconfig-schema.ts), so nothing is fetched over the network.
 */
export function schemas(): Schemas {
  compiled ??= compile();
  return compiled;
}

function compile(): Schemas {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const schemaDir = join(packageRoot(), 'schema');
  ajv.addSchema(readJson(join(schemaDir, 'ts-node.schema.json')));
  ajv.addSchema(readJson(join(schemaDir, 'tsconfig.schema.json')));
  return {
    block: ajv.getSchema('https://waymark.dev/schema/ts-node.schema.json') as ValidateFunction,
    project: ajv.getSchema('https://waymark.dev/schema/tsconfig.schema.json') as ValidateFunction,
  };
}

function readJson(path: string): object {
  return JSON.parse(readFileSync(path, 'utf8'));
}
