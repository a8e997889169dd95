import type { Context } from 'koa';
import { InvalidResponse } from '../errors';
import type { RouteRecord } from '../model/route';
import type { Schema } from '../model/schema';
import { compileCheck, type Checked } from '../schema/check';
import type { SchemaCompiler } from '../schema/compiler';
import type { Serialize } from '../schema/serializer';
import { schemaRoots, type AppHistory } from '../history/app-history';
import { convertByPosition, copyOf, relevantNodes, type ChangeRules, type OriginOf, type Relevant } from '../history/convert';
import type { Render } from '../bodies/render';
import { DEFAULT_HEARTBEAT, isStream, pump, type ItemText } from '../http/stream';
import { routeLabel } from '../table/label';
import { serializerOf, written } from './contracts';

export interface StreamPlanOptions {
  compiler: SchemaCompiler;
  /** `AppOptions.validateResponses`: each item checked against its version's item schema. */
  validate: boolean;
  history: AppHistory | null;
}

/** One change undone on an item, from a version's tree (docs/version-history.md). */
interface Step {
  readonly rules: ChangeRules;
  readonly schema: unknown;
  readonly origin: OriginOf;
  readonly relevant: Relevant;
}

/**
 * The renderer of a route that declares `items` (docs/streams.md): an async
 * iterable the handler returns is pumped through the negotiated stream
 * renderer, each item converted down to the request's version by the history,
 * validated (under `validateResponses`) and written by that version's item
 * serializer; any other value goes to `rest` (the route's renderer as if it
 * had no stream). Every version's writer is compiled now, when the app is built.
 */
export function planStream(route: RouteRecord, rest: Render, { compiler, validate, history }: StreamPlanOptions): Render {
  const responses = route.docs.responses ?? {};
  const key = Object.keys(responses).find((status) => responses[status].items !== undefined) as string;
  const status = key.endsWith('XX') ? Number(key[0]) * 100 : Number(key);
  const label = routeLabel(route);
  const heartbeat = route.docs.stream?.heartbeat ?? DEFAULT_HEARTBEAT;
  const head = itemText(responses[key].items as Schema, `${label} responses['${key}'].items`, label, status, compiler, validate);
  const texts: ItemText[] = [head];
  for (let index = 1; index < (history?.versions.length ?? 0); index++) {
    const at = (history as AppHistory).routeAt(route, index);
    const own = itemText(at.docs.responses?.[key].items as Schema, `${label} responses['${key}'].items (version '${(history as AppHistory).versions[index]}')`, label, status, compiler, validate);
    const steps = stepsDown(route, key, index, history as AppHistory);
    texts[index] = steps.length === 0 ? own : (ctx, item) => own(ctx, converted(item, steps));
  }
  return (ctx, returned, offer, offers) => {
    if (!isStream(returned)) return rest(ctx, returned, offer, offers);
    if (offer.renderer.stream === undefined) {
      throw new InvalidResponse(label, status, [{ detail: `the handler returned a stream, and the negotiated renderer (${offer.renderer.mediaType}) writes none; give the route stream renderers such as EventStreamRenderer and JSONLinesRenderer` }]);
    }
    const index = history === null ? 0 : history.indexOf(ctx.version);
    return pump(ctx, returned, offer, texts[index] ?? head, heartbeat);
  };
}

/** The changes from the head down to `versions[index]`, newest first, each with the item schema of the version it applies to. */
function stepsDown(route: RouteRecord, key: string, index: number, history: AppHistory): Step[] {
  const steps: Step[] = [];
  for (let j = 0; j < index; j++) {
    const tree = history.routeAt(route, j);
    const origin: OriginOf = (node) => history.schemas.originOf(node, j);
    for (const rules of [...history.rules[j]].reverse()) {
      steps.push({ rules, schema: tree.docs.responses?.[key].items, origin, relevant: relevantNodes(schemaRoots(tree), rules, origin) });
    }
  }
  return steps;
}

function converted(item: unknown, steps: readonly Step[]): unknown {
  let value = copyOf(item);
  for (const { rules, schema, origin, relevant } of steps) value = convertByPosition(value, schema, rules, 'response', origin, relevant);
  return value;
}

/** One version's item writer: checked (under `validate`, or always for a validator that cannot describe itself), then serialized. */
function itemText(schema: Schema, where: string, route: string, status: number, compiler: SchemaCompiler, validate: boolean): ItemText {
  const serialize = serializerOf(schema, where);
  const check = validate || serialize === null ? compileCheck(schema, compiler, `the item schema of ${where}`) : null;
  const write = (value: unknown): string => (serialize === null ? (JSON.stringify(value) ?? 'null') : written(serialize as Serialize, value, route, status));
  if (check === null) return (_ctx: Context, item) => write(item);
  const send = (checked: Checked): string => {
    if (checked.issues !== undefined) throw new InvalidResponse(route, status, checked.issues);
    return write(checked.value);
  };
  return (_ctx, item) => {
    const checked = check(item);
    return checked instanceof Promise ? checked.then(send) : send(checked);
  };
}
