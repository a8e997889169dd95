import type { Context } from 'koa';
import { InvalidResponse } from '../errors';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import type { RouteRecord } from '../model/route';
import { compileCheck, type Check, type Checked } from '../schema/check';
import { describeSchema } from '../schema/document';
import { compileSerializer, type Serialize } from '../schema/serializer';
import type { SchemaCompiler } from '../schema/compiler';
import type { Offer, Offers } from '../negotiation/offers';
import { isRaw, render, writeValue, type Render } from '../bodies/render';
import { routeLabel } from '../table/label';

export interface ContractOptions {
  /** The app's schema compiler, for `validateResponses`. */
  compiler: SchemaCompiler;
  /** `AppOptions.validateResponses`. */
  validate: boolean;
}

/** Writes one value under one status's schema (a promise when a Standard validator answers with one). */
type Write = (ctx: Context, value: unknown, status: number, offer: Offer, offers: Offers) => void | Promise<void>;

/**
 * The route's renderer when its `responses` give a status a schema, else
 * `null` (the dispatcher then renders as if contracts did not exist). Each
 * schema is compiled now, when the app is built, into a serializer that
 * writes only what it declares; with `validate`, into a check that runs
 * first. A schema that cannot be compiled is `ImproperlyConfigured` naming
 * the route and the status. Statuses are matched exactly, then by range
 * (`2XX`); `default` documents problems and shapes no returned value.
 */
export function planContract(route: RouteRecord, options: ContractOptions): Render | null {
  const responses = route.docs.responses;
  if (responses === undefined) return null;
  // Exact statuses by number, ranges by their first digit (`2XX` at 2): no string is made per request.
  const exact = new Map<number, Write>();
  const ranges: (Write | undefined)[] = [];
  const label = routeLabel(route);
  for (const [status, response] of Object.entries(responses)) {
    if (response.schema === undefined || status === 'default') continue;
    const write = writer(response.schema, `${label} responses['${status}']`, label, options);
    if (status.endsWith('XX')) ranges[Number(status[0])] = write;
    else exact.set(Number(status), write);
  }
  if (exact.size === 0 && ranges.length === 0) return null;
  return (ctx, returned, offer, offers) => {
    if (returned === undefined || isRaw(returned)) return render(ctx, returned, offer, offers);
    // Koa's 404 until someone sets a status; a value sent without one goes out as 200.
    const status = (ctx.response as unknown as { _explicitStatus?: boolean })._explicitStatus ? ctx.status : 200;
    const write = exact.get(status) ?? ranges[Math.floor(status / 100)];
    if (write !== undefined) return write(ctx, returned, status, offer, offers);
    // A body with a status the route does not declare would go out unserialized: under validateResponses, say so.
    if (options.validate && !declares(responses, status)) {
      throw new InvalidResponse(label, status, [{ detail: `the route declares no response ${status} (it declares ${Object.keys(responses).join(', ')}); declare it in responses or answer a declared status` }]);
    }
    return render(ctx, returned, offer, offers);
  };
}

/** Whether `responses` declare `status`: exactly, by its range (`2XX`) or by `default`. */
function declares(responses: NonNullable<RouteRecord['docs']['responses']>, status: number): boolean {
  const key = String(status);
  return Object.hasOwn(responses, key) || Object.hasOwn(responses, `${key[0]}XX`) || Object.hasOwn(responses, 'default');
}


function writer(schema: Schema, where: string, route: string, { compiler, validate }: ContractOptions): Write {
  const serialize = serializerOf(schema, where);
  // A validator that cannot describe itself validates every value, and its output (what it kept) is sent.
  const check: Check | null = validate || serialize === null ? compileCheck(schema, compiler, `the response schema of ${where}`) : null;
  if (check === null) {
    return (ctx, value, status, offer, offers) => writeValue(ctx, value, offer, offers, written(serialize as Serialize, value, route, status));
  }
  const send = (ctx: Context, checked: Checked, status: number, offer: Offer, offers: Offers): void => {
    if (checked.issues !== undefined) throw new InvalidResponse(route, status, checked.issues);
    writeValue(ctx, checked.value, offer, offers, serialize === null ? JSON.stringify(checked.value) : written(serialize, checked.value, route, status));
  };
  return (ctx, value, status, offer, offers) => {
    const checked = check(value);
    if (checked instanceof Promise) return checked.then((settled) => send(ctx, settled, status, offer, offers));
    send(ctx, checked, status, offer, offers);
  };
}

/**
 * The serializer of a JSON Schema, or of what a Standard validator says it
 * writes (`~standard.jsonSchema.output`); `null` for a validator that cannot
 * describe itself.
 */
export function serializerOf(schema: Schema, where: string): Serialize | null {
  if (!isStandardSchema(schema)) return compileSerializer(schema, where);
  const described = describeSchema(schema, 'output');
  return described.schema === undefined ? null : compileSerializer(described.schema, where);
}

/** fast-json-stringify throws on a value it cannot write (a required member missing): say which route. */
export function written(serialize: Serialize, value: unknown, route: string, status: number): string {
  try {
    return serialize(value);
  } catch (error) {
    throw new InvalidResponse(route, status, [{ detail: (error as Error).message }]);
  }
}
