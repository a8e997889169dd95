import type { ParamBinding } from '../model/params';
import type { RouteRecord } from '../model/route';
import { paramsOf } from '../table/tokens';
import type { PathForm } from './paths';
import type { Placement } from './placement';
import type { JSONSchema } from '../model/schema';
import { constrainedSchema, factsOf, parameterSchema, shownSchema, type Warn } from './schemas';

type Parameter = Record<string, unknown>;

/** Header parameters OpenAPI ignores (§4.8.12.1): they are described by media types and security instead. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * The operation's parameters: every path parameter of the form (typed by its
 * `@Param`, constrained by its requirement), then each `@Query` and `@Header`,
 * then the version's own parameter. A name is listed once per location.
 */
export function parametersOf(route: RouteRecord, form: PathForm, placement: Placement, warn: Warn): Parameter[] {
  const out: Parameter[] = [];
  const seen = new Set<string>();
  const add = (parameter: Parameter) => {
    const key = `${String(parameter.in)}\u0000${String(parameter.name)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(parameter);
  };
  // The version's parameter comes first, so a handler's own @Query of the same name does not replace it.
  for (const parameter of placement.parameters) add(parameter);
  for (const { name, wildcard } of paramsOf(form)) {
    if (placement.filled.has(name)) continue;
    const binding = route.bindings.find((b) => b.source === 'param' && b.name === name);
    const requirement = route.requirements.get(name);
    const facts = binding ? factsOf(binding) : { type: String, required: true, schema: undefined };
    const schema = requirement ? constrainedSchema(facts, requirement, warn) : parameterSchema(facts, warn);
    // A `*rest` parameter's `/` separate segments: the generated client (docs/client.md) must not encode them.
    add({ name, in: 'path', required: true, schema, ...(wildcard ? { 'x-waymark-wildcard': true } : {}) });
  }
  for (const binding of route.bindings) {
    if (binding.source === 'query') add(described(binding, 'query', warn));
    else if (binding.source === 'header' && !RESERVED_HEADERS.has(String(binding.name).toLowerCase())) add(described(binding, 'header', warn));
    else if (binding.source === 'cookie') add(described(binding, 'cookie', warn));
    else if (binding.source === 'queries' && binding.options.schema !== undefined) for (const parameter of queryProperties(binding.options.schema, warn)) add(parameter);
  }
  return out;
}

/** `@Queries({ schema })` as one query parameter per property of its object schema (what a client sends). */
function queryProperties(schema: unknown, warn: Warn): Parameter[] {
  const shown = shownSchema(schema, 'input', warn);
  if (typeof shown !== 'object' || shown === null) return [];
  const properties = (shown.properties ?? {}) as Record<string, JSONSchema>;
  const required = new Set(Array.isArray(shown.required) ? (shown.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => {
    const parameter: Parameter = { name, in: 'query', required: required.has(name), schema: property };
    if (typeof property === 'object' && property.type === 'array') Object.assign(parameter, { style: 'form', explode: true });
    return parameter;
  });
}

function described(binding: ParamBinding, location: 'query' | 'header' | 'cookie', warn: Warn): Parameter {
  const facts = factsOf(binding);
  const parameter: Parameter = { name: binding.name, in: location, required: facts.required, schema: parameterSchema(facts, warn) };
  if (facts.type === Array && location === 'query') Object.assign(parameter, { style: 'form', explode: true });
  return parameter;
}

/** Whether binding the route's arguments can fail with a 400. */
export function bindsInput(route: RouteRecord): boolean {
  return route.bindings.some(
    (b) =>
      b.source === 'param' ||
      b.source === 'query' ||
      b.source === 'header' ||
      b.source === 'cookie' ||
      b.source === 'body' ||
      b.source === 'file' ||
      b.source === 'files' ||
      (b.source === 'queries' && b.options.schema !== undefined) ||
      b.custom?.missing === 400,
  );
}
