import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import type { Resolve } from './arbitrary';
import type { ContractDocument, SchemaValue } from './operations';

const DOCUMENT_ID = 'urn:waymark:contract-document';
const LOCAL = '#/components/';

/**
 * The schemas of one document, compiled by ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). The document's `components` are added once, so a
 * `$ref` to `#/components/schemas/User` resolves whether the schema is inline
 * or named. Not strict: a document may carry keywords ajv does not know
 * (`example`, `xml`); the check is about values, not about the schemas' style.
 */
export class DocumentSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<SchemaValue, ValidateFunction>();

  constructor(private readonly document: ContractDocument) {
    const { default: Ajv } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
    const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
    this.ajv = new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
  }

  /** The validator of `schema`; a schema ajv cannot compile accepts everything (the document's validity is another tool's check). */
  validator(schema: SchemaValue): ValidateFunction | null {
    let validate = this.compiled.get(schema);
    if (validate === undefined) {
      try {
        validate = this.ajv.compile(typeof schema === 'boolean' ? schema : (anchored(schema) as Record<string, unknown>));
      } catch {
        return null;
      }
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Whether `value` is one `schema` accepts. */
  accepts(schema: SchemaValue, value: unknown): boolean {
    const validate = this.validator(schema);
    return validate === null || validate(value) === true;
  }

  /** Why `value` breaks `schema`: each error as `<pointer> <message>`; empty when it does not. */
  issues(schema: SchemaValue, value: unknown): string[] {
    const validate = this.validator(schema);
    if (validate === null || validate(value) === true) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
  }

  /** Looks up a `$ref` of the document (`#/components/schemas/User`). */
  readonly resolve: Resolve = (ref) => {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.document;
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return node as SchemaValue;
  };
}

/** A copy of `schema` whose `$ref`s to the document's components name the document added to ajv. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = key === '$ref' && typeof value === 'string' && value.startsWith(LOCAL) ? `${DOCUMENT_ID}${value}` : anchored(value);
  }
  return copy;
}
