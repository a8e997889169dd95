import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** The raw verdict of a schema file: a fresh ajv, independent of the validator, with only the two schema files. */
export function rawSchema(file: 'ts-node.schema.json' | 'tsconfig.schema.json'): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const other = file === 'ts-node.schema.json' ? 'tsconfig.schema.json' : 'ts-node.schema.json';
  ajv.addSchema(json(join(root, 'schema', other)));
  return ajv.compile(json(join(root, 'schema', file)));
}
