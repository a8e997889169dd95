import coBody from 'co-body';
import type { Context } from 'koa';
import type { ParamBinding } from '../decorators/params';
import { httpError, type HttpError } from './errors';
import { lastQueryValue } from './query';
import type { RouteRecord } from '../table/builder';

/** A decimal number as people write it: no hex, no `Infinity`, no white space. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const BODY_LIMIT = '1mb';

/**
 * The handler's arguments, converted to the types TypeScript recorded. Only
 * a `@Body()` makes it asynchronous: the other sources are read at once.
 */
export function bindArguments(ctx: Context, route: RouteRecord, params: Record<string, string>): unknown[] | Promise<unknown[]> {
  const args: unknown[] = [];
  let needsBody = false;
  for (const binding of route.bindings) {
    if (binding.source === 'body') needsBody = true;
    else args[binding.index] = argument(ctx, binding, params);
  }
  if (!needsBody) return args;
  return readBody(ctx).then((body) => {
    for (const binding of route.bindings) if (binding.source === 'body') args[binding.index] = body;
    return args;
  });
}

function argument(ctx: Context, binding: ParamBinding, params: Record<string, string>): unknown {
  switch (binding.source) {
    case 'param':
      return convert(params[binding.name as string], binding, 'path');
    case 'params':
      return { ...params };
    case 'query':
      return convert(lastQueryValue(ctx.querystring, binding.name as string), binding, 'query');
    case 'queries':
      return { ...ctx.query };
    case 'header':
      return convert(ctx.get(binding.name as string) || undefined, binding, 'header');
    case 'ctx':
      return ctx;
    case 'version':
      return ctx.version;
    default:
      return undefined; // 'body' is read asynchronously by bindArguments
  }
}

function convert(value: string | undefined, binding: ParamBinding, source: Source): unknown {
  if (value === undefined) return undefined;
  if (binding.type === Number) {
    const number = Number(value);
    if (DECIMAL.test(value) && Number.isFinite(number)) return number;
    throw invalid(binding, `${source}Number`);
  }
  if (binding.type === Boolean) {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw invalid(binding, `${source}Boolean`);
  }
  return value;
}

type Source = 'path' | 'query' | 'header';

function invalid(binding: ParamBinding, variant: `${Source}${'Number' | 'Boolean'}`): HttpError {
  return httpError('INVALID_PARAMETER', { name: binding.name as string }, variant);
}

/**
 * The JSON body, parsed once per request (with prototype-poisoning
 * protection); a body already parsed by other middleware is used as it is.
 */
async function readBody(ctx: Context): Promise<unknown> {
  const request = ctx.request as Context['request'] & { body?: unknown };
  if (request.body !== undefined) return request.body;
  if (!ctx.request.length && ctx.get('transfer-encoding') === '') return undefined;
  if (!ctx.is('application/json', '+json')) {
    throw httpError('UNSUPPORTED_MEDIA_TYPE');
  }
  try {
    request.body = await coBody.json(ctx, { limit: BODY_LIMIT, strict: true });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw httpError('BODY_TOO_LARGE');
    throw httpError('INVALID_BODY');
  }
  return request.body;
}
