import type { Schema } from '../model/schema';
import { describeSchema } from '../schema/document';
import { Components } from './components';
import type { OpenApiOperation } from './operation';

type Entry = { schema?: unknown; itemSchema?: unknown; 'x-waymark-items'?: unknown };

/**
 * The document's components: its own (`Problem`) and the option's named
 * schemas, a Standard validator as it describes its output (a validator that
 * cannot is `{}`, and `warn` hears why).
 */
export function namedComponents(fixed: Record<string, unknown>, named: Readonly<Record<string, unknown>> | undefined, warn: (warning: string) => void): Components {
  const described: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(named ?? {})) {
    const shown = describeSchema(schema as Schema, 'output');
    if (shown.reason !== undefined) warn(`openapi.components.${name}: ${shown.reason}; its document entry is {} (any value).`);
    described[name] = shown.schema ?? {};
  }
  return new Components(fixed, described);
}

/**
 * Every schema of the operations (their responses', then their parameters'
 * and request bodies') with named parts as `$ref`s to the document's
 * components (docs/openapi.md#components): responses first, so that a
 * response's schema keeps its name whatever order the routes come in.
 * `where` names each operation's route in a clash's message.
 */
export function nameSchemas(operations: readonly { operation: OpenApiOperation; where: string }[], components: Components): void {
  for (const { operation, where } of operations) {
    for (const response of Object.values(operation.responses) as { content?: Record<string, Entry> }[]) {
      if (response.content) nameContent(response.content, components, where, 'output');
    }
  }
  for (const { operation, where } of operations) {
    for (const parameter of (operation.parameters as Entry[] | undefined) ?? []) {
      if (parameter.schema !== undefined) parameter.schema = components.use(parameter.schema, where, 'input');
    }
    const body = operation.requestBody as { content?: Record<string, Entry> } | undefined;
    if (body?.content) nameContent(body.content, components, where, 'input');
  }
}

function nameContent(content: Record<string, Entry>, components: Components, where: string, io: 'input' | 'output'): void {
  for (const type in content) {
    const entry = content[type];
    if (entry.schema !== undefined) {
      const schema = components.use(entry.schema, where, io);
      if (schema !== entry.schema) content[type] = { ...content[type], schema }; // a copy: entries may be shared by media types
    }
    // A stream's items (docs/streams.md#in-the-documents): 3.1's extension, 3.2's itemSchema (for SSE, the event's data).
    const items = entry['x-waymark-items'];
    if (items !== undefined) content[type] = { ...content[type], 'x-waymark-items': components.use(items, where, io) };
    const itemSchema = entry.itemSchema as { properties?: { data?: { contentSchema?: unknown } } } | undefined;
    const data = itemSchema?.properties?.data;
    if (data?.contentSchema !== undefined) {
      content[type] = { ...content[type], itemSchema: { ...itemSchema, properties: { ...itemSchema?.properties, data: { ...data, contentSchema: components.use(data.contentSchema, where, io) } } } };
    } else if (itemSchema !== undefined) content[type] = { ...content[type], itemSchema: components.use(itemSchema, where, io) };
  }
}
