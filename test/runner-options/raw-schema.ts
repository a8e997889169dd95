import Ajv, { type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(__dirname, '..', '..');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * The raw verdict of a schema file: a fresh ajv, independent of the validator, with the copy of
 * the tsconfig schema that ts-node ships (draft-04, so its `id` is given as `$id`).
 */
export function rawSchema(file: 'ts-node.schema.json' | 'tsconfig.schema.json'): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const { id, $schema: _draft, ...store } = json(join(dirname(require.resolve('ts-node/package.json')), 'tsconfig.schemastore-schema.json'));
  ajv.addSchema({ ...store, $id: id });
  if (file === 'tsconfig.schema.json') ajv.addSchema(json(join(root, 'schema', 'ts-node.schema.json')));
  return ajv.compile(json(join(root, 'schema', file)));
}
