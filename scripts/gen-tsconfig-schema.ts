/**
 * Generates schema/tsconfig.schema.json from the installed TypeScript's own option declarations
 * (`optionDeclarations`, `optionsForWatch`, `typeAcquisitionDeclarations`: names, types, enum
 * values, descriptions), so the project file's schema is self-contained (no network) and never
 * written by hand. test/runner-options/schema.test.ts fails when the file drifts from the
 * installed TypeScript; rerun `npm run schema` after upgrading it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as TS from 'typescript';

type Declaration = {
  name: string;
  type: string | Map<string, unknown>;
  element?: Declaration;
  isCommandLineOnly?: boolean;
  description?: { message: string };
};
type Schema = Record<string, unknown>;

/** `[eE][sS]2020`: TypeScript reads enum values case-insensitively. */
const caseless = (value: string) => value.replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).replace(/[.+]/g, (c) => `\\${c}`);

function valueSchema(declaration: Declaration): Schema {
  const { type } = declaration;
  if (type instanceof Map) {
    const values = [...type.keys()];
    return { anyOf: [{ enum: values }, { type: 'string', pattern: `^(?:${values.map(caseless).join('|')})$` }] };
  }
  switch (type) {
    case 'list':
    case 'listOrElement': {
      const list = { type: 'array', items: valueSchema(declaration.element!) };
      return type === 'list' ? list : { anyOf: [list, valueSchema(declaration.element!)] };
    }
    case 'object':
      return declaration.name === 'paths' ? { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } : { type: 'object' };
    default:
      return { type };
  }
}

/** One option: its value schema, or `null`, which resets an inherited value as in TypeScript. */
function optionSchema(declaration: Declaration): Schema {
  const description = declaration.description?.message;
  const value = valueSchema(declaration);
  const nullable = typeof value.type === 'string' ? { ...value, type: [value.type, 'null'] } : Array.isArray(value.anyOf) ? { anyOf: [...value.anyOf, { type: 'null' }] } : { anyOf: [value, { type: 'null' }] };
  return { ...nullable, ...(description ? { description } : {}) };
}

function block(declarations: readonly Declaration[], description: string): Schema {
  const properties: Record<string, Schema> = {};
  for (const declaration of declarations) if (!declaration.isCommandLineOnly) properties[declaration.name] = optionSchema(declaration);
  return { type: 'object', description, properties: Object.fromEntries(Object.entries(properties).sort(([a], [b]) => a.localeCompare(b))) };
}

const strings = { type: 'array', items: { type: 'string' } };

/** The whole schema for the given TypeScript module. */
export function tsconfigSchema(ts: typeof TS): Schema {
  const of = (list: unknown) => list as Declaration[];
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://waymark.dev/schema/tsconfig.schema.json',
    title: 'tsconfig.json with ts-node options',
    description: `tsconfig.json as TypeScript ${ts.version} reads it (generated from its option declarations by scripts/gen-tsconfig-schema.ts; do not edit), with the "ts-node" block of schema/ts-node.schema.json.`,
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      extends: { anyOf: [{ type: 'string' }, strings], description: 'Path or package of the configuration file(s) this one extends.' },
      files: { ...strings, description: 'Files to include in the program.' },
      include: { ...strings, description: 'Glob patterns of files to include in the program.' },
      exclude: { ...strings, description: 'Glob patterns of files to leave out of include.' },
      references: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, prepend: { type: 'boolean' }, circular: { type: 'boolean' } }, required: ['path'] } },
      compileOnSave: { type: 'boolean' },
      compilerOptions: { $ref: '#/definitions/compilerOptions' },
      watchOptions: { $ref: '#/definitions/watchOptions' },
      typeAcquisition: { $ref: '#/definitions/typeAcquisition' },
      'ts-node': { $ref: 'ts-node.schema.json', description: 'Options of ts-node, the TypeScript runner.' },
    },
    definitions: {
      compilerOptions: block(of((ts as unknown as { optionDeclarations: unknown }).optionDeclarations), 'Options of the TypeScript compiler.'),
      watchOptions: block(of((ts as unknown as { optionsForWatch: unknown }).optionsForWatch), 'How tsc --watch watches files and directories.'),
      typeAcquisition: block(of((ts as unknown as { typeAcquisitionDeclarations: unknown }).typeAcquisitionDeclarations), 'Automatic type acquisition for JavaScript projects.'),
    },
  };
}

export const SCHEMA_FILE = join(__dirname, '..', 'schema', 'tsconfig.schema.json');

export const render = (schema: Schema) => `${JSON.stringify(schema, null, 2)}\n`;

if (require.main === module) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  writeFileSync(SCHEMA_FILE, render(tsconfigSchema(require('typescript'))));
  console.log(`wrote ${SCHEMA_FILE}`);
}
