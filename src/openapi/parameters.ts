import type { ParamBinding } from '../model/params';
import type { RouteRecord } from '../model/route';
import { paramsOf } from '../table/tokens';
import type { PathForm } from './paths';
import type { Placement } from './placement';
import { constrainedSchema, factsOf, parameterSchema, type Warn } from './schemas';

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
  }
  return out;
}

function described(binding: ParamBinding, location: 'query' | 'header', warn: Warn): Parameter {
  const facts = factsOf(binding);
  const parameter: Parameter = { name: binding.name, in: location, required: facts.required, schema: parameterSchema(facts, warn) };
  if (facts.type === Array && location === 'query') Object.assign(parameter, { style: 'form', explode: true });
  return parameter;
}

/** Whether binding the route's arguments can fail with a 400. */
export function bindsInput(route: RouteRecord): boolean {
  return route.bindings.some((b) => b.source === 'param' || b.source === 'query' || b.source === 'header' || b.source === 'body' || b.source === 'file' || b.source === 'files');
}
