import type { Context } from 'koa';
import { schemaRoots, type AppHistory } from '../history/app-history';
import { convertByPosition, copyOf, relevantNodes, type ChangeRules, type OriginOf, type Relevant } from '../history/convert';
import type { VersionedRequest, VersionedResponse } from '../history/change';
import type { RouteRecord } from '../model/route';
import type { Schema } from '../model/schema';
import type { Check } from '../schema/check';
import { rejected } from '../validation/failures';
import type { SchemaCompiler } from '../schema/compiler';
import { bodyCheckFor, type Bind } from '../http/binding';
import { bodyChecks } from './binding';
import { readBody } from '../bodies/parsers/read';
import type { ParseLimits, Parser } from '../model/parser';
import { planContract } from './contracts';
import { isRaw, render, type Render } from '../bodies/render';

export interface VersionedOptions {
  compiler: SchemaCompiler;
  /** The route's parsers (its own, else the app's) and the app's limits: an older body is read as the head's binder reads it. */
  parsers: readonly Parser[];
  limits: ParseLimits;
  validateResponses: boolean;
}

/** One change applied to a value whose shape is `tree`'s (a route as one version sees it); `origin` finds that version's head schema values. */
interface Step {
  readonly rules: ChangeRules;
  readonly tree: RouteRecord;
  readonly origin: OriginOf;
  /** The schema nodes of `tree` under which the rules convert something. */
  readonly relevant: Relevant;
  /** `tree`'s body schema (what a request body has at this step). */
  readonly body: unknown;
}

/** What a request of one older version needs: its body check, the trees it walks, and its writer. */
interface Steps {
  /** The body as this version's clients send it, checked before conversion; `undefined` when the route reads no body schema. */
  readonly check: Check | undefined;
  /** The same check coercing form values (text) to the schema's types, as the binder does for bodies of form parsers. */
  readonly coerce: Check | undefined;
  /** Per step up to the head, oldest first: the change rules and the version whose body tree the value has. */
  readonly forward: readonly Step[];
  /** Whether a step up to the head converts the route's whole request (query and headers with the body). */
  readonly converts: boolean;
  /** Per step down from the head: the rules and the newer version's route (the value's tree). */
  readonly back: readonly Step[];
  readonly render: Render;
}

/**
 * The route's binder and renderer wrapped in its version history
 * (docs/version-history.md#a-request-of-an-older-version): a request of an
 * older version is checked against that version's body schema, converted
 * forward change by change, and bound as the head's; the handler's value is
 * converted back and written with that version's response schemas. The head
 * (and any version the history does not list) takes the route's own binder
 * and renderer, untouched.
 */
export function versionedPlan(route: RouteRecord, bind: Bind, own: Render, history: AppHistory, options: VersionedOptions): { bind: Bind; render: Render } {
  const name = history.nameOf(route);
  const steps: (Steps | undefined)[] = [];
  for (let index = 1; index < history.versions.length; index++) steps[index] = stepsOf(route, index, history, options);
  // A request with no body and no route converter has nothing to convert forward: it binds as the head's, at once.
  const reads = route.bindings.some((binding) => binding.source === 'body');
  const converted = name !== null && history.rules.some((changes) => changes.some((rules) => rules.routeRequests.has(name)));
  return {
    bind:
      !reads && !converted
        ? bind
        : (ctx, params) => {
            const version = steps[history.indexOf(ctx.version)];
            return version === undefined ? bind(ctx, params) : forward(ctx, params, version, reads, name, bind, options);
          },
    render: (ctx, returned, type, types) => {
      const version = steps[history.indexOf(ctx.version)];
      if (version === undefined) return own(ctx, returned, type, types);
      if (returned === undefined || isRaw(returned)) return render(ctx, returned, type, types);
      const explicit = (ctx.response as unknown as { _explicitStatus?: boolean })._explicitStatus;
      let response: VersionedResponse = { status: explicit ? ctx.status : 200, body: copyOf(returned), headers: {} };
      for (const { rules, tree, origin, relevant } of version.back) {
        for (const convert of (name === null ? undefined : rules.routeResponses.get(name)) ?? []) response = convert(response);
        response.body = convertByPosition(response.body, responseSchema(tree, response.status), rules, 'response', origin, relevant);
      }
      if (response.status !== (explicit ? ctx.status : 200)) ctx.status = response.status;
      for (const [name, value] of Object.entries(response.headers)) ctx.set(name, value);
      return version.render(ctx, response.body, type, types);
    },
  };
}

function stepsOf(route: RouteRecord, index: number, history: AppHistory, { compiler, validateResponses, parsers }: VersionedOptions): Steps {
  const older = history.routeAt(route, index);
  const label = `the version '${history.versions[index]}' body of ${route.controller.name}.${String(route.handler)}`;
  const { check, coerce } = bodyChecks(bodySchema(older) as Schema | undefined, parsers, compiler, label);
  const step = (rules: ChangeRules, at: number): Step => {
    const tree = history.routeAt(route, at);
    const origin: OriginOf = (node) => history.schemas.originOf(node, at);
    return { rules, tree, origin, relevant: relevantNodes(schemaRoots(tree), rules, origin), body: bodySchema(tree) };
  };
  const forwardSteps: Step[] = [];
  for (let j = index - 1; j >= 0; j--) for (const rules of history.rules[j]) forwardSteps.push(step(rules, j + 1));
  const backSteps: Step[] = [];
  for (let j = 0; j < index; j++) for (const rules of [...history.rules[j]].reverse()) backSteps.push(step(rules, j));
  const name = history.nameOf(route);
  const converts = name !== null && forwardSteps.some(({ rules }) => rules.routeRequests.has(name));
  return { check, coerce, forward: forwardSteps, converts, back: backSteps, render: planContract(older, { compiler, validate: validateResponses }) ?? render };
}

async function forward(ctx: Context, params: Record<string, string>, steps: Steps, reads: boolean, name: string | null, bind: Bind, { parsers, limits }: VersionedOptions): Promise<unknown[]> {
  let body = reads ? await readBody(ctx, parsers, limits) : undefined;
  const check = bodyCheckFor(ctx, parsers, steps.check, steps.coerce);
  if (body !== undefined && check !== undefined) {
    let checked = check(body);
    if (checked instanceof Promise) checked = await checked;
    if (checked.issues !== undefined) throw rejected(checked.issues);
    body = checked.value;
  }
  let request: VersionedRequest | undefined = steps.converts ? { body, query: { ...ctx.query }, headers: { ...ctx.headers } } : undefined;
  for (const { rules, origin, relevant, body: schema } of steps.forward) {
    if (body !== undefined) body = convertByPosition(body, schema, rules, 'request', origin, relevant);
    const own = name === null ? undefined : rules.routeRequests.get(name);
    if (own === undefined) continue;
    request = { ...(request as VersionedRequest), body };
    for (const convert of own) request = convert(request);
    body = request.body;
  }
  if (reads) (ctx.request as Context['request'] & { body?: unknown }).body = body;
  if (request !== undefined) {
    ctx.query = request.query as Record<string, string>;
    const headers: Record<string, string | string[] | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name.toLowerCase()] = value;
    ctx.req.headers = headers as Context['req']['headers'];
  }
  return bind(ctx, params);
}

function bodySchema(route: RouteRecord): unknown {
  return route.bindings.find((binding) => binding.source === 'body' && binding.options.schema !== undefined)?.options.schema;
}

function responseSchema(route: RouteRecord, status: number): unknown {
  const responses = route.docs.responses ?? {};
  return (responses[String(status)] ?? responses[`${String(status)[0]}XX`])?.schema;
}
